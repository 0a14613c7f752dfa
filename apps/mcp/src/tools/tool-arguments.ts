import { type InvalidParam, invalidParameters } from '@cs/domain';
import type { RawQuery } from '@cs/catalog';

export type ArgumentType = 'string' | 'integer' | 'boolean';

const TYPE_REASONS: Record<ArgumentType, string> = {
  string: 'must be a string',
  integer: 'must be an integer',
  boolean: 'must be true or false',
};

/**
 * Turns a tool call's JSON arguments into the query the REST API would have received, so the Catalog validates
 * both transports with one set of rules (ranges, enums, unknown names, cursors) and answers the same codes.
 * JSON types are checked here, since a query string has none. A null counts as "not given": models often send
 * null for an optional parameter they mean to leave out.
 */
export function toRawQuery(args: Record<string, unknown> | undefined, types: Record<string, ArgumentType>): RawQuery {
  const query: RawQuery = {};
  const problems: InvalidParam[] = [];
  for (const [name, value] of Object.entries(args ?? {})) {
    if (value === null || value === undefined) continue;
    const type = types[name];
    if (type === undefined) {
      // Unknown names go through, so the Catalog reports them exactly as REST does ("unknown parameter").
      query[name] = typeof value === 'string' ? value : JSON.stringify(value);
      continue;
    }
    const ok = type === 'string' ? typeof value === 'string' : type === 'integer' ? Number.isInteger(value) : typeof value === 'boolean';
    if (!ok) problems.push({ name, reason: TYPE_REASONS[type] });
    else query[name] = String(value);
  }
  if (problems.length > 0) throw invalidParameters(problems);
  return query;
}
