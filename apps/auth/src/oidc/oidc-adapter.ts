import { type ClientRecord, findClient, OidcModelStore, OIDC_REDIS_PREFIX, registerDynamicClient, withOfflineAccess } from '@cs/oauth';
import { refusingInvalidMetadata } from './assistant-client.check';
import type { Redis } from 'ioredis';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Pool } from 'pg';
import type { ClientCache } from './client-cache';
import { RequestMemo } from './request-memo';

/** Short-lived models (minutes) may live in Redis; losing them on a Redis restart only restarts a sign-in. */
const REDIS_MODELS = new Set(['AuthorizationCode', 'Interaction', 'PushedAuthorizationRequest', 'ReplayDetection']);

const PREFIX = OIDC_REDIS_PREFIX;

/** The client metadata property that carries the replaced secret's digest while a rotation's overlap lasts. */
export const PREVIOUS_SECRET_DIGEST = 'previous_secret_digest';

/**
 * Client metadata for oidc-provider, read from oauth_clients on every lookup so edits and deletes apply
 * at once. `client_secret` carries the stored digest: Client.prototype.compareClientSecret is overridden to
 * compare a presented secret's digest with it, and no HS* algorithm is enabled that would use it as a key.
 */
function clientMetadata(client: ClientRecord): AdapterPayload {
  const common: AdapterPayload = {
    client_id: client.id,
    client_name: client.name,
    ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
    redirect_uris: client.redirectUris,
    scope: ['openid', ...withOfflineAccess(client.scopes)].join(' '),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: 'RS256',
  };
  // A dynamically registered client is public: no secret, PKCE instead (provider.factory pkce.required).
  if (client.secretDigest === null) return { ...common, token_endpoint_auth_method: 'none' };
  return {
    ...common,
    client_secret: client.secretDigest,
    ...(client.previousSecretDigest ? { [PREVIOUS_SECRET_DIGEST]: client.previousSecretDigest } : {}),
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

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
  const store = new OidcModelStore<AdapterPayload>(pool);

  return class OidcAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private get inRedis(): boolean {
      return REDIS_MODELS.has(this.name);
    }

    private key(id: string): string {
      return `${PREFIX}:${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.name === 'Client') {
        // Only dynamic registration (RFC 7591) saves a client through the adapter; admins' apps are written by
        // registerClient, and a metadata document's client is never stored by oidc-provider.
        if (payload.token_endpoint_auth_method !== 'none') {
          throw new errors.InvalidClientMetadata('only public clients register themselves here: token_endpoint_auth_method must be "none"');
        }
        const description = { name: payload.client_name, logoUri: payload.logo_uri, redirectUris: payload.redirect_uris ?? [], scope: payload.scope };
        await refusingInvalidMetadata(() => registerDynamicClient(pool, id, description));
        return;
      }
      if (this.inRedis) {
        const multi = redis.multi().set(this.key(id), JSON.stringify(payload), 'EX', Math.max(1, expiresIn));
        if (payload.grantId) {
          multi.sadd(`${PREFIX}:grant:${payload.grantId}`, this.key(id)).expire(`${PREFIX}:grant:${payload.grantId}`, Math.max(1, expiresIn));
        }
        await multi.exec();
        return;
      }
      await store.upsert(this.name, id, payload, expiresIn);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.name === 'Client') {
        const cached = servingRefreshGrant() ? clients.get(id) : undefined;
        if (cached) return cached;
        const client = await findClient(pool, id);
        if (!client) {
          clients.evict(id);
          return undefined;
        }
        const metadata = clientMetadata(client);
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
        const { token, grant, clientCurrent } = await store.findRefreshToken(this.name, id, client);
        if (client && !clientCurrent) {
          clients.evict(client.clientId);
          throw new errors.InvalidClientAuth('the client was deleted or its secret rotated');
        }
        if (!token) return undefined;
        if (grant && token.grantId) prefetchedGrants.remember(token.grantId, grant);
        return token;
      }
      return store.find(this.name, id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await store.idByUid(this.name, uid);
      return id ? this.find(id) : undefined;
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
      if (!(await store.consume(this.name, id))) throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      if (this.name === 'Grant') return onGrantDestroyed(id);
      if (this.inRedis) {
        await redis.del(this.key(id), `${this.key(id)}:consumed`);
        return;
      }
      await store.destroy(this.name, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      if (this.inRedis) {
        const keys = await redis.smembers(`${PREFIX}:grant:${grantId}`);
        if (keys.length > 0) await redis.del(...keys, `${PREFIX}:grant:${grantId}`);
        return;
      }
      await store.revokeByGrantId(this.name, grantId);
    }
  };
}
