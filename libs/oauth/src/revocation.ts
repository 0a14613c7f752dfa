import { publishRevocation, type RevocationPublisher } from '@cs/token-verification';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/** Key prefix of the oidc-provider models kept in Redis (the auth app's adapter writes them). */
export const OIDC_REDIS_PREFIX = 'cs:oidc';

async function dropShortLivedArtefacts(redis: Redis, grantIds: string[]): Promise<void> {
  for (const grantId of grantIds) {
    const index = `${OIDC_REDIS_PREFIX}:grant:${grantId}`;
    const keys = await redis.smembers(index);
    await redis.del(index, ...keys);
  }
}

/**
 * Revokes one connection (a user revoking an app): its grant, refresh tokens and pending codes are deleted,
 * so refresh exchanges fail at once, and the revocation is published so resource servers refuse its access
 * tokens on the very next call although they verify them locally.
 */
export async function revokeGrant(ds: DataSource, redis: Redis & RevocationPublisher, grantId: string): Promise<void> {
  await ds.transaction(async (tx) => {
    await tx.query(`DELETE FROM oidc_models WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)`, [grantId]);
    await tx.query('UPDATE oauth_connections SET revoked_at = now() WHERE grant_id = $1 AND revoked_at IS NULL', [grantId]);
  });
  await dropShortLivedArtefacts(redis, [grantId]);
  await publishRevocation(ds, redis, { kind: 'grant', id: grantId });
}

/**
 * Deletes a client and revokes everything issued to it (spec "Authentication" 7). oidc-provider has no
 * revoke-by-client, so its grants and tokens are purged here.
 */
export async function deleteClient(ds: DataSource, redis: Redis & RevocationPublisher, workspaceId: string, clientId: string): Promise<boolean> {
  const grantIds = await ds.transaction(async (tx) => {
    const deleted = (await tx.query('DELETE FROM oauth_clients WHERE id = $1 AND workspace_id = $2 RETURNING id', [clientId, workspaceId])) as [
      unknown[],
      number,
    ];
    if (deleted[1] === 0) return null;
    const grants = await tx.query<{ id: string }[]>(
      `SELECT id FROM oidc_models WHERE model = 'Grant' AND payload->>'clientId' = $1`,
      [clientId],
    );
    const ids = grants.map((g) => g.id);
    await tx.query(`DELETE FROM oidc_models WHERE grant_id = ANY($1) OR payload->>'clientId' = $2`, [ids, clientId]);
    return ids;
  });
  if (grantIds === null) return false;
  await dropShortLivedArtefacts(redis, grantIds);
  await publishRevocation(ds, redis, { kind: 'client', id: clientId });
  return true;
}
