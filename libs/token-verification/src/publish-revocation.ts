import type { SqlRunner } from './sql-runner';

/** Redis pub/sub channel on which the authorization server announces revocations (docs/api.md "OAuth"). */
export const REVOCATION_CHANNEL = 'cs:oauth:revocations';

/** Access tokens live one hour (spec "Authentication" 4); resource servers refuse older ones whatever their `exp`. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

/**
 * How long a revocation must be remembered: until every access token it could concern has expired, plus a
 * margin for clock skew between the authorization server, Postgres and the resource servers.
 */
export const REVOCATION_RETENTION_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 5 * 60;

/** `grant`: one user's connection to one app. `client`: every token of a deleted OAuth client. */
export type RevocationKind = 'grant' | 'client';

export interface Revocation {
  kind: RevocationKind;
  id: string;
  expiresAt: Date;
}

/** The pub/sub message, as it travels: `{ "kind", "id", "expires_at": "<ISO 8601>" }`. */
export interface RevocationMessage {
  kind: RevocationKind;
  id: string;
  expires_at: string;
}

export const encodeRevocation = (r: Revocation): string =>
  JSON.stringify({ kind: r.kind, id: r.id, expires_at: r.expiresAt.toISOString() } satisfies RevocationMessage);

/** Parses a message from the channel; null for anything that is not a well-formed revocation. */
export function decodeRevocation(message: string): Revocation | null {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, id, expires_at: expiresAt } = value as Record<string, unknown>;
  if ((kind !== 'grant' && kind !== 'client') || typeof id !== 'string' || id === '' || typeof expiresAt !== 'string') return null;
  const expires = new Date(expiresAt);
  if (Number.isNaN(expires.getTime())) return null;
  return { kind, id, expiresAt: expires };
}

export interface RevocationPublisher {
  publish(channel: string, message: string): Promise<unknown>;
}

/**
 * Revokes a grant or a client: writes the durable row, THEN announces it. Resource servers that miss the
 * message (Redis down, reconnecting) still find the row at their next reload, so a failed publish delays the
 * revocation (to the reload interval) but never loses it; the publish error is rethrown for the caller to log.
 *
 * Call it after the transaction that revoked the grant or deleted the client has committed: `db` may be a
 * transaction's manager, but the message is published at once and a revocation cannot be taken back.
 */
export async function publishRevocation(
  db: SqlRunner,
  redis: RevocationPublisher,
  revocation: { kind: RevocationKind; id: string },
  options: { channel?: string } = {},
): Promise<Revocation> {
  // Postgres' clock decides expiry, so every replica computes the same one. A repeat keeps the later expiry.
  const [row] = await db.query<{ expires_at: Date }>(
    `INSERT INTO oauth_revocations (kind, id, revoked_at, expires_at)
     VALUES ($1, $2, now(), now() + make_interval(secs => $3))
     ON CONFLICT (kind, id) DO UPDATE SET expires_at = GREATEST(oauth_revocations.expires_at, EXCLUDED.expires_at)
     RETURNING expires_at`,
    [revocation.kind, revocation.id, REVOCATION_RETENTION_SECONDS],
  );
  if (!row) throw new Error('oauth_revocations: the upsert returned no row');
  const written: Revocation = { kind: revocation.kind, id: revocation.id, expiresAt: new Date(row.expires_at) };
  await redis.publish(options.channel ?? REVOCATION_CHANNEL, encodeRevocation(written));
  return written;
}
