import { DomainError, hasNulCharacter, type InvalidParam, invalidParameters, NUL_CHARACTER_REASON } from '@cs/domain';
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

/** Every string and key of the body that holds a NUL, named by its path: no schema field may store one. */
function nulCharacters(value: unknown, path: PropertyKey[], found: InvalidParam[]): InvalidParam[] {
  if (typeof value === 'string') {
    if (hasNulCharacter(value)) found.push({ name: fieldName(path) || 'body', reason: NUL_CHARACTER_REASON });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulCharacters(item, [...path, i], found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasNulCharacter(key)) found.push({ name: fieldName([...path, key]), reason: NUL_CHARACTER_REASON });
      else nulCharacters(item, [...path, key], found);
    }
  }
  return found;
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
  const params = result.success ? [] : toInvalidParams(result.error.issues);
  // A field the schema already refused (a title's control characters, an unknown field) keeps that one reason.
  const named = new Set(params.map((param) => param.name));
  params.push(...nulCharacters(body, [], []).filter((param) => !named.has(param.name)));
  if (params.length > 0 || !result.success) throw invalidParameters(params);
  return result.data;
}
