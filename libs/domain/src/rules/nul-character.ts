/**
 * Postgres `text` and `jsonb` cannot hold U+0000, so a value with a NUL would fail its INSERT or its query with a
 * 500. Every value that reaches SQL is checked at the edge and refused by name with this reason.
 */
export const NUL_CHARACTER_REASON = 'must not contain the NUL character (U+0000)';

export const hasNulCharacter = (value: string): boolean => value.includes('\u0000');
