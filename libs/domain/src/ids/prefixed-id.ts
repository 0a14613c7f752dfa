import { randomBytes } from 'node:crypto';

/** Every resource prefix the service issues (docs/architecture.md "Data"). */
export const ID_PREFIXES = {
  tenant: 'tnt',
  workspace: 'ws',
  user: 'usr',
  conversation: 'conv',
  source: 'src',
  folder: 'fld',
  tag: 'tag',
  apiKey: 'key',
  webhook: 'whk',
  event: 'evt',
  delivery: 'dlv',
  /** One attempt of a webhook delivery (the delivery log). */
  attempt: 'att',
  bot: 'bot',
  /** An outbox message that is not an event (e.g. a processing request). */
  job: 'job',
  oauthClient: 'ext',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A prefixed, time-sortable id: 48 bits of milliseconds then 80 random bits (ULID layout),
 * lower-case Crockford base32, so ids sort by creation time as plain strings.
 */
export function newId(kind: IdKind, now: Date = new Date()): string {
  const bytes = new Uint8Array(16);
  let ms = now.getTime();
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes.set(randomBytes(10), 6);
  return `${ID_PREFIXES[kind]}_${encodeBase32(bytes)}`;
}

/** The shape of an id of this kind: its prefix, then 26 lower-case Crockford base32 digits. */
export const idPattern = (kind: IdKind): string => `^${ID_PREFIXES[kind]}_[0-9a-hjkmnp-tv-z]{26}$`;

/** A stable example id per kind, for documentation (a generated document must be deterministic). */
export const exampleId = (kind: IdKind, suffix = '01jd8x3k4m5n6p7q8r9s0t1v2w'): string => `${ID_PREFIXES[kind]}_${suffix}`;

/** True when the value has the shape of an id of this kind; lookups of malformed ids answer 404 without a query. */
export function isIdOf(kind: IdKind, value: string): boolean {
  return new RegExp(idPattern(kind)).test(value);
}
