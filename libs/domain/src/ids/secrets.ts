import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefixes of the high-entropy secrets the service hands out once and stores only as digests. */
export const SECRET_PREFIXES = {
  apiKey: 'sk',
  clientSecret: 'cs',
  refreshToken: 'rt',
  webhookSecret: 'whsec',
} as const;

export type SecretKind = keyof typeof SECRET_PREFIXES;

/** 32 random bytes, base64url: 256 bits of entropy, so a fast digest is a safe way to store it. */
export function newSecret(kind: SecretKind): string {
  return `${SECRET_PREFIXES[kind]}_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 hex digest: the stored form of a random secret (never of a password). */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored digest. */
export function secretMatches(presented: string, storedDigest: string): boolean {
  const a = Buffer.from(secretDigest(presented), 'hex');
  const b = Buffer.from(storedDigest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The first characters of a secret, kept in clear so people can tell their keys apart. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, secret.indexOf('_') + 5)}…`;
}
