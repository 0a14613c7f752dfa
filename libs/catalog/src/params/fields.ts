import { z } from 'zod/v4';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
export const MAX_CURSOR_LENGTH = 4096;
/** Longest id-like value (folder_id, …) the catalog reads; longer ones cannot be ids and are refused. */
export const MAX_ID_LENGTH = 200;

const LIMIT_REASON = `must be an integer from 1 to ${MAX_LIMIT}`;
const DATE_TIME_REASON = 'must be an RFC 3339 date-time with a time zone, e.g. 2026-01-31T09:00:00Z';

// RFC 3339 date-time with an explicit offset; a bare date or a local time is ambiguous, so it is refused.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  return (
    m !== null &&
    !Number.isNaN(Date.parse(value)) &&
    Number(m[2]) >= 1 && Number(m[2]) <= 12 &&
    Number(m[3]) >= 1 && Number(m[3]) <= 31 &&
    Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59
  );
}

/** Page size: refused, never clamped, outside 1..MAX_LIMIT (spec "Pagination"). */
export const limit = z.int({ error: LIMIT_REASON }).min(1, { error: LIMIT_REASON }).max(MAX_LIMIT, { error: LIMIT_REASON }).default(DEFAULT_LIMIT);

/** A non-empty string of at most `max` characters. */
export const text = (max = MAX_ID_LENGTH) =>
  z.string().min(1, { error: 'must not be empty' }).max(max, { error: `must be at most ${max} characters` });

export const cursor = text(MAX_CURSOR_LENGTH);

/** Exactly true or false; a query string's `1`, `yes` or `TRUE` is refused. */
export const flag = (fallback: boolean) => z.boolean({ error: 'must be true or false' }).default(fallback);

/** One of `values`, `fallback` when absent; the default is listed first, in the schema and in the reason. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => {
  const listed = [fallback, ...values.filter((value) => value !== fallback)] as [T[number], ...T[number][]];
  return z.enum(listed, { error: `must be one of ${listed.join(', ')}` }).default(fallback);
};

export const dateTime = z.string().refine(isDateTime, { error: DATE_TIME_REASON }).meta({ format: 'date-time' });

/** A repeatable id parameter (`tag_id=a&tag_id=b`): at most `max` values, de-duplicated and sorted so equal filters compare equal. */
export const idList = (max: number, maxLength = 100) => {
  const reason = 'values must be non-empty ids';
  return z
    .array(z.string().min(1, { error: reason }).max(maxLength, { error: reason }))
    .min(1, { error: reason })
    .max(max, { error: `may be repeated at most ${max} times` })
    .transform((ids) => [...new Set(ids)].sort());
};

/** The paging parameters every list takes, after its filters. */
export const PAGE = { limit, cursor: cursor.optional() };
