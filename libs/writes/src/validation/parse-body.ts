import { DomainError, type InvalidParam, invalidParameters } from '@cs/domain';
import type { z } from 'zod/v4';
import { genericReason } from './reasons';

/** `sources[0].segments[2].end_seconds`: the JSON path of a body field, as invalid_params names it. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)), '');
}

function toInvalidParams(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): InvalidParam[] {
  const params: InvalidParam[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) params.push({ name: fieldName([...path, key]), reason: 'unknown field' });
    } else if (issue.code === 'invalid_key') {
      // A record's bad key: its problems, named by the key.
      params.push(...toInvalidParams(issue.issues, path));
    } else {
      params.push({ name: fieldName(path) || 'body', reason: issue.message });
    }
  }
  return params;
}

/**
 * Validates a JSON body once at the edge; every problem is reported in one answer. A body that is not a JSON
 * object at all is `invalid_body`; field problems are `invalid_parameter` naming each field by its JSON path.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid_body', 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(body, { error: genericReason });
  if (!result.success) throw invalidParameters(toInvalidParams(result.error.issues));
  return result.data;
}
