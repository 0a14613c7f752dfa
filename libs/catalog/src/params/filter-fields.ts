import { sqlString } from '@cs/paging';
import { z } from 'zod/v4';

/* Filter fields only the catalog's lists take; the generic ones and paging's are @cs/paging's (params/fields.ts). */

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

export const dateTime = z.string().refine(isDateTime, { error: DATE_TIME_REASON }).meta({ format: 'date-time' });

/** A repeatable id parameter (`tag_id=a&tag_id=b`): at most `max` values, de-duplicated and sorted so equal filters compare equal. */
export const idList = (max: number, maxLength = 100) => {
  const reason = 'values must be non-empty ids';
  return z
    .array(sqlString().min(1, { error: reason }).max(maxLength, { error: reason }))
    .min(1, { error: reason })
    .max(max, { error: `may be repeated at most ${max} times` })
    .transform((ids) => [...new Set(ids)].sort());
};

