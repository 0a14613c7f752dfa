import type { Redis } from 'ioredis';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { DataSource } from 'typeorm';

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
 * Builds the adapter class oidc-provider instantiates once per model name. `onGrantDestroyed` runs inside
 * the request that destroys a grant (refresh-token reuse, code replay, RFC 7009 revocation), and oidc-provider
 * awaits it before answering, so resource servers refuse the grant's tokens before the client hears back.
 */
export function createOidcAdapter(ds: DataSource, redis: Redis, onGrantDestroyed: (grantId: string) => Promise<void>): new (name: string) => Adapter {
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
      await ds.query(
        `INSERT INTO oidc_models (model, id, payload, grant_id, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int > 0 THEN now() + make_interval(secs => $6::int) END)
         ON CONFLICT (model, id) DO UPDATE
           SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [this.name, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, expiresIn ?? 0],
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') {
        const [row] = await ds.query<ClientRow[]>(
          'SELECT id, name, logo_uri, redirect_uris, scopes, secret_digest FROM oauth_clients WHERE id = $1',
          [id],
        );
        return row ? clientMetadata(row) : undefined;
      }
      if (this.inRedis) {
        const [payload, consumed] = await redis.mget(this.key(id), `${this.key(id)}:consumed`);
        if (!payload) return undefined;
        return { ...(JSON.parse(payload) as AdapterPayload), ...(consumed ? { consumed: Number(consumed) } : {}) };
      }
      const [row] = await ds.query<{ payload: AdapterPayload; consumed_at: Date | null }[]>(
        `SELECT payload, consumed_at FROM oidc_models
         WHERE model = $1 AND id = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.name, id],
      );
      if (!row) return undefined;
      return { ...row.payload, ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}) };
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const [row] = await ds.query<{ id: string }[]>(
        'SELECT id FROM oidc_models WHERE model = $1 AND uid = $2 AND (expires_at IS NULL OR expires_at > now())',
        [this.name, uid],
      );
      return row ? this.find(row.id) : undefined;
    }

    findByUserCode(): Promise<undefined> {
      return Promise.resolve(undefined);
    }

    /**
     * Marks a code or refresh token used. Atomic, so of two parallel exchanges of the same token exactly
     * one wins; the provider alone does not guarantee that (FIELD-NOTES).
     */
    async consume(id: string): Promise<void> {
      const now = Math.floor(Date.now() / 1000);
      if (this.inRedis) {
        const ttl = await redis.ttl(this.key(id));
        const won = await redis.set(`${this.key(id)}:consumed`, String(now), 'EX', Math.max(ttl, 1), 'NX');
        if (won !== 'OK') throw new errors.InvalidGrant('grant request is invalid');
        return;
      }
      const result = (await ds.query(
        'UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL',
        [this.name, id],
      )) as [unknown, number];
      if (result[1] === 0) throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      if (this.name === 'Grant') return onGrantDestroyed(id);
      if (this.inRedis) {
        await redis.del(this.key(id), `${this.key(id)}:consumed`);
        return;
      }
      await ds.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [this.name, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (this.inRedis) {
        const keys = await redis.smembers(`${PREFIX}:grant:${grantId}`);
        if (keys.length > 0) await redis.del(...keys, `${PREFIX}:grant:${grantId}`);
        return;
      }
      await ds.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [this.name, grantId]);
    }
  };
}
