import type { Redis } from 'ioredis';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Pool } from 'pg';
import type { ClientCache } from './client-cache';
import { RequestMemo } from './request-memo';

/** Short-lived models (minutes) may live in Redis; losing them on a Redis restart only restarts a sign-in. */
const REDIS_MODELS = new Set(['AuthorizationCode', 'Interaction', 'PushedAuthorizationRequest', 'ReplayDetection']);

const PREFIX = 'cs:oidc';

interface ClientRow {
  id: string;
  name: string;
  logo_uri: string | null;
  redirect_uris: string[];
  scopes: string[];
  secret_digest: string;
}

/**
 * Client metadata for oidc-provider, read from oauth_clients on every lookup so edits and deletes apply
 * at once. `client_secret` carries the stored digest: Client.prototype.compareClientSecret is overridden to
 * compare a presented secret's digest with it, and no HS* algorithm is enabled that would use it as a key.
 */
function clientMetadata(row: ClientRow): AdapterPayload {
  return {
    client_id: row.id,
    client_secret: row.secret_digest,
    client_name: row.name,
    ...(row.logo_uri ? { logo_uri: row.logo_uri } : {}),
    redirect_uris: row.redirect_uris,
    scope: ['openid', 'offline_access', ...row.scopes].join(' '),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
  };
}

/**
 * Reads a refresh token and, in the same statement, the grant it belongs to and whether the client this request
 * authenticated still exists with the secret it authenticated with. The refresh grant looks the grant up right
 * after the token (oidc-provider's validateGrant), and one snapshot of both is no less consistent than two
 * reads; the client check is what lets refresh grants authenticate against a ClientCache. Always one row.
 */
const FIND_REFRESH_TOKEN = `
  SELECT m.payload, m.consumed_at, g.payload AS grant_payload,
         ($3::text IS NULL OR EXISTS (SELECT 1 FROM oauth_clients c WHERE c.id = $3 AND c.secret_digest = $4)) AS client_current
  FROM (VALUES (1)) AS one (x)
  LEFT JOIN oidc_models m ON m.model = $1 AND m.id = $2 AND (m.expires_at IS NULL OR m.expires_at > now())
  LEFT JOIN oidc_models g ON g.model = 'Grant' AND g.id = m.grant_id AND (g.expires_at IS NULL OR g.expires_at > now())`;

/** The client a request authenticated, and the stored digest its secret matched. */
export interface AuthenticatedClient {
  clientId: string;
  secretDigest: string;
}

export interface OidcAdapterDependencies {
  /**
   * The pg pool under TypeORM's DataSource: the token endpoint's statements go to it directly, named so that
   * Postgres plans each once per connection (TypeORM's query runner costs ~25 µs of CPU per statement).
   */
  pool: Pool;
  redis: Redis;
  /**
   * Runs inside the request that destroys a grant (refresh-token reuse, code replay, RFC 7009 revocation), and
   * oidc-provider awaits it before answering, so resource servers refuse the grant's tokens before the client
   * hears back.
   */
  onGrantDestroyed: (grantId: string) => Promise<void>;
  /** The request being served (oidc-provider's Provider.ctx). */
  currentRequest: () => object | undefined;
  /** Client metadata that refresh grants may use without reading oauth_clients. */
  clients: ClientCache;
  /** Whether the request being served is a refresh-token grant (the only one allowed to use `clients`). */
  servingRefreshGrant: () => boolean;
  /** Who the request being served authenticated as (set by Client.prototype.compareClientSecret). */
  authenticatedClients: RequestMemo<AuthenticatedClient>;
}

export const AUTHENTICATED_CLIENT = 'client';

/** Builds the adapter class oidc-provider instantiates once per model name. */
export function createOidcAdapter({ pool, redis, onGrantDestroyed, currentRequest, clients, servingRefreshGrant, authenticatedClients }: OidcAdapterDependencies): new (name: string) => Adapter {
  const prefetchedGrants = new RequestMemo<AdapterPayload>(currentRequest);
  const withConsumed = (payload: AdapterPayload, consumedAt: Date | null): AdapterPayload =>
    consumedAt ? { ...payload, consumed: Math.floor(consumedAt.getTime() / 1000) } : payload;

  return class OidcAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private get inRedis(): boolean {
      return REDIS_MODELS.has(this.name);
    }

    private key(id: string): string {
      return `${PREFIX}:${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.inRedis) {
        const multi = redis.multi().set(this.key(id), JSON.stringify(payload), 'EX', Math.max(1, expiresIn));
        if (payload.grantId) {
          multi.sadd(`${PREFIX}:grant:${payload.grantId}`, this.key(id)).expire(`${PREFIX}:grant:${payload.grantId}`, Math.max(1, expiresIn));
        }
        await multi.exec();
        return;
      }
      await pool.query({
        name: 'oidc-upsert',
        text: `INSERT INTO oidc_models (model, id, payload, grant_id, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int > 0 THEN now() + make_interval(secs => $6::int) END)
         ON CONFLICT (model, id) DO UPDATE
           SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        values: [this.name, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, expiresIn ?? 0],
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') {
        const cached = servingRefreshGrant() ? clients.get(id) : undefined;
        if (cached) return cached;
        const { rows } = await pool.query<ClientRow>({
          name: 'oidc-find-client',
          text: 'SELECT id, name, logo_uri, redirect_uris, scopes, secret_digest FROM oauth_clients WHERE id = $1',
          values: [id],
        });
        if (!rows[0]) {
          clients.evict(id);
          return undefined;
        }
        const metadata = clientMetadata(rows[0]);
        clients.set(id, metadata);
        return metadata;
      }
      if (this.inRedis) {
        const [payload, consumed] = await redis.mget(this.key(id), `${this.key(id)}:consumed`);
        if (!payload) return undefined;
        return { ...(JSON.parse(payload) as AdapterPayload), ...(consumed ? { consumed: Number(consumed) } : {}) };
      }
      if (this.name === 'Grant') {
        const prefetched = prefetchedGrants.take(id);
        if (prefetched) return prefetched;
      }
      if (this.name === 'RefreshToken') {
        const client = authenticatedClients.take(AUTHENTICATED_CLIENT);
        const { rows } = await pool.query<{
          payload: AdapterPayload | null;
          consumed_at: Date | null;
          grant_payload: AdapterPayload | null;
          client_current: boolean;
        }>({
          name: 'oidc-find-refresh-token',
          text: FIND_REFRESH_TOKEN,
          values: [this.name, id, client?.clientId ?? null, client?.secretDigest ?? null],
        });
        const row = rows[0];
        if (client && !row?.client_current) {
          clients.evict(client.clientId);
          throw new errors.InvalidClientAuth('the client was deleted or its secret rotated');
        }
        if (!row?.payload) return undefined;
        if (row.grant_payload && row.payload.grantId) prefetchedGrants.remember(row.payload.grantId, row.grant_payload);
        return withConsumed(row.payload, row.consumed_at);
      }
      const { rows } = await pool.query<{ payload: AdapterPayload; consumed_at: Date | null }>({
        name: 'oidc-find',
        text: `SELECT payload, consumed_at FROM oidc_models
         WHERE model = $1 AND id = $2 AND (expires_at IS NULL OR expires_at > now())`,
        values: [this.name, id],
      });
      return rows[0] ? withConsumed(rows[0].payload, rows[0].consumed_at) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id FROM oidc_models WHERE model = $1 AND uid = $2 AND (expires_at IS NULL OR expires_at > now())',
        [this.name, uid],
      );
      return rows[0] ? this.find(rows[0].id) : undefined;
    }

    findByUserCode(): Promise<undefined> {
      return Promise.resolve(undefined);
    }

    /**
     * Marks a code or refresh token used. Atomic, so of two parallel exchanges of the same token exactly
     * one wins; oidc-provider alone does not (its consume is not atomic).
     */
    async consume(id: string): Promise<void> {
      const now = Math.floor(Date.now() / 1000);
      if (this.inRedis) {
        const ttl = await redis.ttl(this.key(id));
        const won = await redis.set(`${this.key(id)}:consumed`, String(now), 'EX', Math.max(ttl, 1), 'NX');
        if (won !== 'OK') throw new errors.InvalidGrant('grant request is invalid');
        return;
      }
      const { rowCount } = await pool.query({
        name: 'oidc-consume',
        text: 'UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL',
        values: [this.name, id],
      });
      if (rowCount === 0) throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      if (this.name === 'Grant') return onGrantDestroyed(id);
      if (this.inRedis) {
        await redis.del(this.key(id), `${this.key(id)}:consumed`);
        return;
      }
      await pool.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [this.name, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (this.inRedis) {
        const keys = await redis.smembers(`${PREFIX}:grant:${grantId}`);
        if (keys.length > 0) await redis.del(...keys, `${PREFIX}:grant:${grantId}`);
        return;
      }
      await pool.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [this.name, grantId]);
    }
  };
}
