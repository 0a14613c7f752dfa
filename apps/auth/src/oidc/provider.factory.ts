import { randomBytes } from 'node:crypto';
import { userEmail } from '@cs/accounts';
import { newId } from '@cs/domain';
import { ASSISTANT_SCOPES, clientSecretDigests, type PrivateSigningJwk, reportedTokenScope, matchingDigest, useConnection } from '@cs/oauth';
import { postgresPool } from '@cs/persistence';
import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import Provider, { errors, type Configuration } from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { AuthConfig } from '../config/auth-config';
import { EXTERNAL_SIGNING, NodeRsaSigningKey } from './node-signing-key';
import { ClientCache } from './client-cache';
import { AUTHENTICATED_CLIENT, type AuthenticatedClient, createOidcAdapter, PREVIOUS_SECRET_DIGEST } from './oidc-adapter';
import { refuseUngrantedRefreshTarget } from './refresh-target.check';
import { RequestMemo } from './request-memo';
import { refuseUnknownScopes, SUPPORTED_SCOPES } from './unknown-scope.check';
import { CLIENT_TYPE, OAUTH_ROUTES } from './oauth-routes';
import { allowMetadataDocumentClient, isAssistantClient } from './assistant-client.check';
import { clientRegistrationLimit } from './client-registration.limit';
import { metadataDocumentFetch } from './metadata-document.fetch';

const ACCESS_TOKEN_TTL = 3600;
const REFRESH_TOKEN_TTL = 90 * 24 * 3600;
const RESOURCE_SCOPES = 'conversations:read folders:read email';
/** How long a refresh grant may reuse client metadata; see ClientCache for why that is safe. */
const CLIENT_CACHE_TTL_MS = 60_000;
const CLIENT_CACHE_ENTRIES = 10_000;
/** The largest Client ID Metadata Document read (a real one is well under 2 KiB). */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
/**
 * How long a fetched metadata document is used before it is fetched again: its Cache-Control max-age (or Expires),
 * held between these bounds, in seconds. The lower bound keeps a document served with no-cache from costing a fetch
 * on every request of a sign-in; the upper one lets a changed document (a removed redirect URI) apply within a day.
 */
export const METADATA_DOCUMENT_CACHE_SECONDS = { min: 300, max: 86_400 };

export interface ProviderDependencies {
  config: AuthConfig;
  ds: DataSource;
  redis: Redis;
  signingKey: PrivateSigningJwk;
  logger: Logger;
  /** The provider's own error page (unknown client, unregistered redirect URI, …): never a redirect. */
  renderError: (out: { error: string; error_description?: string }) => string;
  /** Revokes a grant the provider destroys itself (refresh token reuse, code replay, token revocation). */
  onGrantRevoked: (grantId: string) => Promise<void>;
}

export const resourceUrls = (config: AuthConfig) => ({
  api: `${config.PUBLIC_API_URL}/api/v1`,
  mcp: config.PUBLIC_MCP_URL,
});

export function createProvider(deps: ProviderDependencies): Provider {
  const { config, ds, redis } = deps;
  const pool = postgresPool(ds);
  const resources = resourceUrls(config);
  const knownResources = new Set(Object.values(resources));
  const currentRequest = () => Provider.ctx;
  const servingRefreshGrant = () => {
    const oidc = Provider.ctx?.oidc;
    return oidc?.route === 'token' && oidc.params?.['grant_type'] === 'refresh_token';
  };
  const clients = new ClientCache(CLIENT_CACHE_TTL_MS, CLIENT_CACHE_ENTRIES);
  const authenticatedClients = new RequestMemo<AuthenticatedClient>(currentRequest);
  // extraTokenClaims reads the user's email with the connection; the ID token's claims, built next in the
  // same request, take it from here instead of asking Postgres again.
  const connectedEmails = new RequestMemo<string>(currentRequest);
  const readEmail = (sub: string): Promise<string | undefined> => userEmail(pool, sub);
  const accountOf = (sub: string, email: () => Promise<string | undefined>) => ({
    accountId: sub,
    claims: async (_use: string, scope: string) => {
      if (!scope.split(' ').includes('email')) return { sub };
      const address = await email();
      return address === undefined ? { sub } : { sub, email: address, email_verified: true };
    },
  });

  const configuration: Configuration = {
    adapter: createOidcAdapter({ pool, redis, onGrantDestroyed: deps.onGrantRevoked, currentRequest, clients, servingRefreshGrant, authenticatedClients }),
    routes: OAUTH_ROUTES,
    cookies: {
      keys: config.AUTH_COOKIE_KEYS,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [new NodeRsaSigningKey(deps.signingKey)] },
    scopes: SUPPORTED_SCOPES,
    extraParams: { scope: refuseUnknownScopes },
    // The replaced secret's digest during a rotation's overlap (oidc-adapter clientMetadata); nothing a client sets:
    // a public client (a registration request or a metadata document) carrying it is refused.
    extraClientMetadata: {
      properties: [PREVIOUS_SECRET_DIGEST],
      validator: (_ctx, key, value, metadata) => {
        if (key === PREVIOUS_SECRET_DIGEST && value !== undefined && metadata.token_endpoint_auth_method === 'none') {
          throw new errors.InvalidClientMetadata(`${PREVIOUS_SECRET_DIGEST} is not client metadata`);
        }
      },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    responseTypes: ['code'],
    // `none`: the public clients that register themselves (isAssistantClient). Admins' apps always carry
    // client_secret_basic in their metadata (oidc-adapter), so the default only applies to registration requests and
    // metadata documents that leave the method out.
    clientAuthMethods: ['client_secret_basic', 'none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'RS256',
    },
    // Only RS256 anywhere: a client secret is stored as a digest and must never serve as an HMAC key.
    enabledJWA: {
      idTokenSigningAlgValues: ['RS256'],
      requestObjectSigningAlgValues: ['RS256'],
      userinfoSigningAlgValues: ['RS256'],
      clientAuthSigningAlgValues: ['RS256'],
      introspectionSigningAlgValues: ['RS256'],
      authorizationSigningAlgValues: ['RS256'],
    },
    // A public client proves the code is its own by PKCE (S256, the only method oidc-provider 9 supports).
    pkce: { required: (_ctx, client) => isAssistantClient(client) },
    fetch: metadataDocumentFetch(config.CLIENT_METADATA_ALLOW_PRIVATE_TARGETS),
    fetchResponseBodyLimits: { 'client_id metadata document': METADATA_DOCUMENT_MAX_BYTES },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      externalSigningSupport: EXTERNAL_SIGNING,
      revocation: { enabled: true },
      // RFC 7591, open (assistants register without an initial access token), limited per address
      // (clientRegistrationLimit) and for public clients only (oidc-adapter upsert); no registration access token,
      // since nothing here lets a client read or change its registration afterwards.
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false, idFactory: () => newId('oauthClient') },
      // The MCP authorization specification (2025-11-25) recommends these; oidc-provider's support is experimental
      // and asks for the draft it implements to be acknowledged.
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowClient: (_ctx, client) => allowMetadataDocumentClient(client),
        cacheDuration: METADATA_DOCUMENT_CACHE_SECONDS,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, client, oneOf) => (isAssistantClient(client) ? resources.mcp : (oneOf ?? resources.api)),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource, client) => {
          if (!knownResources.has(resource)) throw new errors.InvalidTarget('the resource is not served by this authorization server');
          // The REST API stays for the apps a workspace admin registered; an app that registered itself reads through
          // the MCP server, with the read-only scopes.
          const assistant = isAssistantClient(client);
          if (assistant && resource !== resources.mcp) throw new errors.InvalidTarget('apps that registered themselves get tokens for the MCP server only');
          return {
            scope: assistant ? ASSISTANT_SCOPES.join(' ') : RESOURCE_SCOPES,
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      RefreshToken: REFRESH_TOKEN_TTL,
      Grant: REFRESH_TOKEN_TTL,
    },
    // Spec: offline_access is always included and a refresh token always issued, without prompt=consent.
    issueRefreshToken: async () => true,
    // Always rotated; the requested resource is checked first, while the token is unused.
    rotateRefreshToken: (ctx) => {
      refuseUngrantedRefreshTarget(ctx);
      return true;
    },
    expiresWithSession: async () => false,
    // Every authorization shows the consent page, where the user picks the workspace of this connection:
    // only the grant this very interaction's consent produced is used, never an earlier one from the session.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.['consent']?.grantId as string | undefined;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (ctx, sub) => {
      // At the token endpoint the grant's connection proves the account: extraTokenClaims refuses the grant
      // when the connection is gone, and deleting a user deletes its connections (ON DELETE CASCADE).
      if (ctx.oidc.route === 'token') return accountOf(sub, async () => connectedEmails.take(sub) ?? (await readEmail(sub)));
      const email = await readEmail(sub);
      return email === undefined ? undefined : accountOf(sub, async () => email);
    },
    extraTokenClaims: async (_ctx, token) => {
      const grantId = 'grantId' in token ? token.grantId : undefined;
      if (!grantId) return undefined;
      // Issuing a token is the connection's use: the account page shows it as "last used".
      const connection = await useConnection(pool, grantId);
      if (!connection) throw new errors.InvalidGrant('the connection was revoked');
      connectedEmails.remember(connection.userId, connection.email);
      return { user_id: connection.userId, workspace_id: connection.workspaceId, tenant_id: connection.tenantId, client_type: CLIENT_TYPE, grant_id: grantId };
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = deps.renderError(out);
    },
  };

  const provider = new Provider(config.PUBLIC_AUTH_URL, configuration);
  provider.proxy = config.TRUST_PROXY;

  // Stored secrets are SHA-256 digests (oidc-provider awaits compareClientSecret during client authentication).
  // During a rotation's overlap the replaced secret is accepted too (CLIENT_SECRET_OVERLAP_HOURS).
  provider.Client.prototype.compareClientSecret = async function compareClientSecret(
    this: { clientId: string; clientSecret?: string; [PREVIOUS_SECRET_DIGEST]?: string },
    actual: string,
  ) {
    let matched = matchingDigest(actual, [this.clientSecret, this[PREVIOUS_SECRET_DIGEST]]);
    if (matched === undefined && servingRefreshGrant()) {
      // The metadata may be a cached copy from before a rotation: Postgres decides before the client is refused.
      clients.evict(this.clientId);
      matched = matchingDigest(actual, await clientSecretDigests(pool, this.clientId));
    }
    // The refresh grant's statement checks that the digest that matched is still accepted (oidc-model-store).
    if (matched !== undefined) authenticatedClients.remember(AUTHENTICATED_CLIENT, { clientId: this.clientId, secretDigest: matched });
    return matched !== undefined;
  };
  // Spec: refresh tokens are `rt_…` (oidc-provider has no option; the id is the token value).
  (provider.RefreshToken.prototype as unknown as { generateTokenId: () => string }).generateTokenId = () =>
    `rt_${randomBytes(32).toString('base64url')}`;

  provider.use(clientRegistrationLimit(redis, { path: OAUTH_ROUTES.registration, perHour: config.CLIENT_REGISTRATIONS_PER_HOUR, issuer: config.PUBLIC_AUTH_URL }));
  provider.use(async (ctx, next) => {
    // Spec: state is "yes in practice"; its absence is allowed but worth a warning while integrating.
    if (ctx.path === OAUTH_ROUTES.authorization && !ctx.query['state'] && config.NODE_ENV !== 'production') {
      deps.logger.warn({ client_id: ctx.query['client_id'] }, 'authorization request without state: the client is open to CSRF on its redirect URI');
    }
    await next();
    if (ctx.path === OAUTH_ROUTES.token && ctx.status === 200 && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { scope?: unknown; refresh_token?: unknown };
      const scope = reportedTokenScope(body);
      if (scope !== undefined) body.scope = scope;
    }
  });
  return provider;
}
