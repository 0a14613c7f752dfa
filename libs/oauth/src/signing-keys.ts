import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { openText, sealText } from '@cs/domain';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Access and id tokens live an hour; a retired key stays in the JWKS for that hour plus a margin, so every
 * token it signed can still be verified (issue 3: "the old key still served until tokens it signed expired").
 */
export const RETIRED_KEY_PUBLISH_SECONDS = 3600 + 5 * 60;

export interface PrivateSigningJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

// Sealed under SIGNING_KEY_SECRET: a database dump alone does not give away the keys.
const PURPOSE = 'signing-keys';

export function encryptJwk(secret: string, jwk: object): string {
  return sealText(secret, PURPOSE, JSON.stringify(jwk));
}

export function decryptJwk<T>(secret: string, sealed: string): T {
  return JSON.parse(openText(secret, PURPOSE, sealed)) as T;
}

function newRsaKey(now: Date): { kid: string; privateJwk: PrivateSigningJwk; publicJwk: JsonWebKey } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `${now.toISOString().slice(0, 10)}-${randomBytes(6).toString('hex')}`;
  const meta = { kid, alg: 'RS256' as const, use: 'sig' as const };
  return {
    kid,
    privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), ...meta },
  };
}

async function insertKey(manager: EntityManager, secret: string, now: Date): Promise<string> {
  const key = newRsaKey(now);
  await manager.query(
    `INSERT INTO signing_keys (kid, alg, public_jwk, private_jwk_encrypted, created_at) VALUES ($1, 'RS256', $2, $3, $4)`,
    [key.kid, JSON.stringify(key.publicJwk), encryptJwk(secret, key.privateJwk), now],
  );
  return key.kid;
}

const KEYS_LOCK = 7_261_003;

/** Creates the first signing key unless one is active; replicas starting together create exactly one. */
export async function ensureActiveSigningKey(ds: DataSource, secret: string, now = new Date()): Promise<void> {
  await ds.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [KEYS_LOCK]);
    const [active] = (await tx.query('SELECT count(*)::int AS n FROM signing_keys WHERE retired_at IS NULL')) as { n: number }[];
    if (active?.n === 0) await insertKey(tx, secret, now);
  });
}

/**
 * Retires the current key and creates a new one. The new key is published at once and signs after the
 * activation lead; the retired key stays published for its tokens' lifetime.
 */
export async function rotateSigningKey(ds: DataSource, secret: string, now = new Date()): Promise<{ kid: string; retired: string[] }> {
  return ds.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [KEYS_LOCK]);
    const [retired] = (await tx.query('UPDATE signing_keys SET retired_at = $1 WHERE retired_at IS NULL RETURNING kid', [now])) as [
      { kid: string }[],
      number,
    ];
    const kid = await insertKey(tx, secret, now);
    return { kid, retired: retired.map((r) => r.kid) };
  });
}

/**
 * A new key is published for this long before it signs. Resource servers refetch the JWKS for an unknown kid
 * at most once per cooldown (10 s) and auth replicas reload keys every 30 s, so by the time a token signed with
 * the new key arrives, every JWKS a resource server could have fetched already lists that key.
 */
export const KEY_ACTIVATION_LEAD_SECONDS = 60;

export interface SigningKeySet {
  /** The one key that signs. */
  active: PrivateSigningJwk;
  /** Public keys to publish: keys waiting to sign, the active key, and retired keys inside their publish window. */
  published: JsonWebKey[];
}

/**
 * Loads the signing key set; the caller must have ensured a key exists. The active key is the newest one
 * published for at least the activation lead (during a rotation that is still the retired key). When no key is
 * that old yet, the one published longest signs: a lone first key at once, an older key over a newer one.
 */
export async function loadSigningKeys(ds: DataSource, secret: string, now = new Date()): Promise<SigningKeySet> {
  const rows = await ds.query<{ public_jwk: JsonWebKey; private_jwk_encrypted: string; created_at: Date; retired_at: Date | null }[]>(
    `SELECT public_jwk, private_jwk_encrypted, created_at, retired_at FROM signing_keys
     WHERE retired_at IS NULL OR retired_at > $1
     ORDER BY created_at DESC, kid DESC`,
    [new Date(now.getTime() - RETIRED_KEY_PUBLISH_SECONDS * 1000)],
  );
  const ripe = new Date(now.getTime() - KEY_ACTIVATION_LEAD_SECONDS * 1000);
  const activeRow = rows.find((r) => r.created_at <= ripe) ?? rows[rows.length - 1];
  if (!activeRow) throw new Error('No signing key: run ensureActiveSigningKey first');
  return {
    active: decryptJwk<PrivateSigningJwk>(secret, activeRow.private_jwk_encrypted),
    published: rows.map((r) => r.public_jwk),
  };
}

/** Development-only value of SIGNING_KEY_SECRET, shared by the auth app and the operator CLI. */
export const DEV_SIGNING_KEY_SECRET = 'development-only-signing-key-secret-do-not-use-in-production';
