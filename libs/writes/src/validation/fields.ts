import { type IdKind, idPattern, VISIBILITIES } from '@cs/domain';
import { z } from 'zod/v4';

/** Field rules shared by the write payloads; the schemas carry them into the OpenAPI document. */
export const LIMITS = {
  title: 500,
  folderName: 200,
  tagName: 100,
  tagDescription: 1000,
  tagsPerConversation: 50,
  sourcesPerRequest: 20,
  sourcesPerConversation: 50,
  segmentsPerTranscript: 20_000,
  segmentText: 10_000,
  speaker: 200,
  textContent: 1_000_000,
  attendees: 500,
  url: 2048,
  /** A day: no recording is longer. */
  maxSeconds: 86_400,
} as const;

/** Longest id a write refers to (folder_id, tag_ids, bot_id). */
const MAX_ID_LENGTH = 100;

/** C0 controls and DEL, except tab, line feed and carriage return. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const noControlCharacters = (value: string): boolean => !CONTROL_CHARACTERS.test(value);
export const CONTROL_CHARACTERS_REASON = 'must not contain control characters';

/**
 * The reason for a value of the wrong JSON type. A missing field is not of a wrong type: the error yields (undefined)
 * so it gets the generic `Required` (validation/reasons.ts), or `missing` where the field has a reason of its own.
 */
export const typeError =
  (reason: string, missing?: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined ? missing : reason;

export const mustBeAString = (missing?: string) => z.string({ error: typeError('must be a string', missing) });

/** Length checks measure strings only (zod 4 would also measure an array given where a string belongs). */
export const ON_STRINGS = { when: (payload: { value: unknown }) => typeof payload.value === 'string' };
export const NOT_EMPTY = { error: 'must not be empty', ...ON_STRINGS };
export const atMost = (max: number) => ({ error: `must be at most ${max} characters`, ...ON_STRINGS });

export const nameField = (max: number) =>
  mustBeAString()
    .trim()
    .min(1, NOT_EMPTY)
    .max(max, atMost(max))
    .refine(noControlCharacters, { error: CONTROL_CHARACTERS_REASON });

export const idField = mustBeAString().min(1, NOT_EMPTY).max(MAX_ID_LENGTH, atMost(MAX_ID_LENGTH));

/**
 * An id of one kind. The pattern is documented, not checked: an id of the wrong form answers like an unknown one
 * (404, or `no such folder` for a reference), as on the read side.
 */
export const idOf = (kind: IdKind) => idField.meta({ pattern: idPattern(kind) });
export const folderIdField = idOf('folder');

export const visibilityField = (fallback: string) =>
  z.enum(VISIBILITIES, { error: `must be one of ${VISIBILITIES.join(', ')}` }).meta({
    description: `\`private\`: only the owner sees it; \`workspace\`: every member does. Default \`${fallback}\`.`,
  });

// RFC 3339 with a time zone: `Z` or an offset, `+01:00` or `+0100`; seconds and fractions optional. Leap days checked.
const DATE = '((\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)|(02)-(0[1-9]|1\\d|2[0-8])))';
const DATE_TIME = new RegExp(`^${DATE}T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d+)?)?(Z|([+-]\\d{2}:?\\d{2}))$`);

export const dateTimeField = (description: string) =>
  mustBeAString()
    .refine((value) => DATE_TIME.test(value), { error: 'must be an RFC 3339 date-time with a time zone' })
    .meta({ format: 'date-time', description });

export const colorField = (description: string) =>
  mustBeAString()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a hex colour like #2f80ed' })
    .transform((v) => v.toLowerCase())
    .meta({ description });

function isMeetingUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Meeting join URLs: absolute https URLs (every meeting platform serves its links over TLS). */
export const meetingUrlField = mustBeAString()
  .max(LIMITS.url, atMost(LIMITS.url))
  .refine(isMeetingUrl, { error: 'must be an absolute https URL without credentials' })
  .meta({ format: 'uri', description: 'Join URL of the meeting (https).' });

interface LengthBounds {
  /** The reason for a value that is not an array (see typeError). */
  error?: (issue: { input?: unknown }) => string | undefined;
  min?: { value: number; error: string };
  max?: { value: number; error: string };
}

/**
 * An array whose length is checked before its items, as the API always did: a list too long that also holds a bad item
 * gets both reasons, the list's first (zod 4 checks a length after the items, and not at all once an item is malformed).
 */
export function listOf<T extends z.ZodType>(item: T, { error, min, max }: LengthBounds) {
  const bounds = { ...(min && { minItems: min.value }), ...(max && { maxItems: max.value }) };
  return z.preprocess((value, ctx) => {
    if (Array.isArray(value)) {
      if (min && value.length < min.value) ctx.addIssue({ code: 'too_small', origin: 'array', minimum: min.value, inclusive: true, input: value, message: min.error });
      if (max && value.length > max.value) ctx.addIssue({ code: 'too_big', origin: 'array', maximum: max.value, inclusive: true, input: value, message: max.error });
    }
    return value;
  }, z.array(item, { error }).meta(bounds));
}

/**
 * An object-level rule runs when its fields are all there and of the right type, even beside unknown fields, so one
 * answer names both (zod 4 would skip it on any unknown field).
 */
export const fieldsPresent = (payload: { issues: readonly { code: string; continue?: boolean }[] }) =>
  payload.issues.every((issue) => issue.continue === true || issue.code === 'unrecognized_keys');

/** An object-level rule that reads the whole parse so far (its value and its issues); it runs when fieldsPresent. */
export function objectRule<T>(rule: (payload: z.core.ParsePayload<T>) => void) {
  const check = z.check<T>(rule);
  check._zod.def.when = fieldsPresent;
  return check;
}
