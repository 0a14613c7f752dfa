import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { DomainError, invalidToken } from '@cs/domain';

/** Standard Webhooks: timestamps more than 5 minutes off are refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** The key bytes of a secret: `whsec_` + base64 as Standard Webhooks issues them, else the secret's UTF-8 bytes. */
export function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

/**
 * A secret made ready to sign many payloads: an HMAC keyed with a KeyObject skips importing the key on every call
 * (measured here: about 6 µs a signature instead of 36 µs), which matters to a worker signing thousands a second.
 */
export function preparedSigningKey(secret: string): KeyObject {
  return createSecretKey(signingKey(secret));
}

/**
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (Standard Webhooks, "Signature scheme"). A string body is signed
 * as its UTF-8 bytes; a received body is checked as the bytes that came, before anything decodes them.
 */
export function signPayload(secret: string | KeyObject, id: string, timestampSeconds: number, body: string | Buffer): string {
  const key = typeof secret === 'string' ? signingKey(secret) : secret;
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of a signed request; several secrets (during rotation) give several signatures. */
export function signedHeaders(secrets: ReadonlyArray<string | KeyObject>, id: string, body: string, now: Date = new Date()): SignedHeaders {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signPayload(secret, id, timestamp, body)).join(' '),
  };
}

/**
 * True when one of the signatures was made with the secret over exactly this body, and the timestamp is within
 * the tolerance. Compared in constant time.
 */
export function verifySignature(secret: string, headers: Partial<Record<keyof SignedHeaders, string>>, body: string | Buffer, now: Date = new Date()): boolean {
  const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures } = headers;
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signPayload(secret, id, Number(timestamp), body).slice(3), 'base64');
  return signatures.split(' ').some((candidate) => {
    if (!candidate.startsWith('v1,')) return false;
    const given = Buffer.from(candidate.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The JSON body of a signed request (a recorder's callback, Recall.ai's status webhooks): the signature is checked
 * over the exact bytes received, and only then are they parsed, so an unsigned request costs an HMAC and nothing
 * else. A missing, stale or wrong signature is `invalidToken(refusal)`; signed bytes that are not JSON,
 * `invalid_body`.
 */
export function signedJsonBody(
  secret: string | null,
  headers: Partial<Record<keyof SignedHeaders, string>>,
  body: Buffer | undefined,
  refusal: string,
  now: Date = new Date(),
): unknown {
  if (secret === null || body === undefined || !verifySignature(secret, headers, body, now)) throw invalidToken(refusal);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new DomainError('invalid_body', 'The request body is not well-formed JSON.');
  }
}
