import { hasNulCharacter, NUL_CHARACTER_REASON } from '@cs/domain';
import { z } from 'zod/v4';

/** The field rules query parameters are built from, each written once: paging's limit and cursor, and the generic ones. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
export const MAX_CURSOR_LENGTH = 4096;
/** Longest id-like value (folder_id, …) a list or retrieve reads; longer ones cannot be ids and are refused. */
export const MAX_ID_LENGTH = 200;

/** Page size: refused, never clamped, outside 1..max (spec "Pagination"). */
export const limitUpTo = (max: number, fallback: number) => {
  const reason = `must be an integer from 1 to ${max}`;
  return z.int({ error: reason }).min(1, { error: reason }).max(max, { error: reason }).default(fallback);
};

export const limit = limitUpTo(MAX_LIMIT, DEFAULT_LIMIT);

/** A string a query can carry to SQL: no NUL (docs in @cs/domain's nul-character rule). */
export const sqlString = () => z.string().refine((value) => !hasNulCharacter(value), { error: NUL_CHARACTER_REASON });

/** A non-empty string of at most `max` characters. */
export const text = (max = MAX_ID_LENGTH) =>
  sqlString().min(1, { error: 'must not be empty' }).max(max, { error: `must be at most ${max} characters` });

export const cursor = text(MAX_CURSOR_LENGTH);

/** Exactly true or false; a query string's `1`, `yes` or `TRUE` is refused. */
export const flag = (fallback: boolean) => z.boolean({ error: 'must be true or false' }).default(fallback);

/** One of `values`, `fallback` when absent; the default is listed first, in the schema and in the reason. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => {
  const listed = [fallback, ...values.filter((value) => value !== fallback)] as [T[number], ...T[number][]];
  return z.enum(listed, { error: `must be one of ${listed.join(', ')}` }).default(fallback);
};

/** The paging parameters every list takes, after its filters. */
export const PAGE = { limit, cursor: cursor.optional() };
