import type { z } from 'zod/v4';

/** A JSON value's type, as the generic reasons name it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

const quoted = (values: readonly unknown[]) => values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(' | ');

const units: Record<string, string> = { string: 'character(s)', array: 'element(s)' };

/**
 * The reasons of fields that carry none of their own: the wording the write API has always answered (it was zod 3's),
 * kept so a client matching on a reason sees no change. A field's own reason (its schema's `error`) wins over these.
 */
export function genericReason(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      return `Expected ${issue.expected === 'record' ? 'object' : issue.expected}, received ${jsonType(issue.input)}`;
    case 'invalid_value':
      if (issue.input === undefined) return 'Required';
      if (typeof issue.input !== 'string') return `Expected ${quoted(issue.values)}, received ${jsonType(issue.input)}`;
      return `Invalid enum value. Expected ${quoted(issue.values)}, received '${issue.input}'`;
    case 'too_small':
      return issue.origin === 'number'
        ? `Number must be greater than or equal to ${issue.minimum}`
        : `${issue.origin === 'array' ? 'Array' : 'String'} must contain at least ${issue.minimum} ${units[issue.origin] ?? ''}`;
    case 'too_big':
      return issue.origin === 'number'
        ? `Number must be less than or equal to ${issue.maximum}`
        : `${issue.origin === 'array' ? 'Array' : 'String'} must contain at most ${issue.maximum} ${units[issue.origin] ?? ''}`;
    default:
      return undefined;
  }
}
