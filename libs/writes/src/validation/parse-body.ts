import { DomainError, type InvalidParam, invalidParameters } from '@cs/domain';
import type { z } from 'zod';

/** `sources[0].segments[2].end_seconds`: the JSON path of a body field, as invalid_params names it. */
export function fieldName(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

function toInvalidParams(error: z.ZodError): InvalidParam[] {
  const params: InvalidParam[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) params.push({ name: fieldName([...issue.path, key]), reason: 'unknown field' });
    } else if (issue.code === 'invalid_union_discriminator') {
      params.push({ name: fieldName(issue.path), reason: `must be one of ${issue.options.map(String).join(', ')}` });
    } else {
      params.push({ name: fieldName(issue.path) || 'body', reason: issue.message });
    }
  }
  return params;
}

/**
 * Validates a JSON body once at the edge; every problem is reported in one answer. A body that is not a JSON
 * object at all is `invalid_body`; field problems are `invalid_parameter` naming each field by its JSON path.
 */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid_body', 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw invalidParameters(toInvalidParams(result.error));
  return result.data;
}
