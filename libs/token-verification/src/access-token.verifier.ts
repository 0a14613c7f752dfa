import { Logger } from '@nestjs/common';
import { DomainError, invalidToken, type Principal, type Scope, SCOPES } from '@cs/domain';
import { createRemoteJWKSet, errors, type FlattenedJWSInput, type JWSHeaderParameters, type JWTPayload, jwtVerify, type KeyLike } from 'jose';
import type { BearerVerifier } from './principal-resolver';
import { ACCESS_TOKEN_TTL_SECONDS } from './publish-revocation';
import type { RevocationCheck } from './revocation-list';

/** `client_type` of the tokens our authorization server issues (spec "Authentication" 3: `<service>-external`). */
export const OAUTH_CLIENT_TYPE = 'conversations-external';

/** RFC 9068 §2.1: JWT access tokens are typed, so an ID token or any other JWT cannot pass for one. */
export const ACCESS_TOKEN_TYP = 'at+jwt';

export interface AccessTokenVerifierOptions {
  /** PUBLIC_AUTH_URL, exactly as the authorization server puts it in `iss`. */
  issuer: string;
  /** This resource's URL: `${PUBLIC_API_URL}/api/v1` for REST, PUBLIC_MCP_URL for MCP. */
  audience: string;
  jwksUrl: string;
  revocations: RevocationCheck;
  clockToleranceSeconds?: number;
  /** Least time between two fetches caused by unknown `kid`s, so forged kids cannot flood the authorization server. */
  jwksCooldownMs?: number;
  /** A JWKS fetch slower than this counts as a failure. */
  jwksTimeoutMs?: number;
  /** Known keys are refreshed this often, in the background: a key withdrawn from the JWKS stops being trusted. */
  jwksRefreshIntervalMs?: number;
}

const ERRORS = {
  expired: 'The access token has expired.',
  audience: 'The access token was issued for another resource.',
  revoked: 'The access token has been revoked.',
  invalid: 'The access token is invalid.',
} as const;

const REQUIRED_CLAIMS = ['iss', 'aud', 'sub', 'exp', 'iat', 'jti', 'scope', 'client_id', 'user_id', 'workspace_id', 'tenant_id', 'client_type', 'grant_id'];

/** The scopes a resource server acts on; `offline_access`, `openid` and anything unknown stay out. */
const RESOURCE_SCOPES: ReadonlySet<string> = new Set<Scope>(SCOPES.filter((s) => s !== 'offline_access'));
const isResourceScope = (s: string): s is Scope => RESOURCE_SCOPES.has(s);

/** The JWKS could not be fetched: not the token's fault, so the caller should retry rather than drop it. */
class SigningKeysUnavailable extends Error {}

// What jose throws while fetching (a network error, a timeout, a non-200 or a body that is no JWKS), as opposed to
// a token that matches no published key.
const isFetchFailure = (error: unknown): boolean =>
  !(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error.code === errors.JOSEError.code;

/**
 * Verifies OAuth access tokens locally (ARCHITECTURE.md "OAuth"): RS256 only, against the authorization server's
 * JWKS, which is fetched once and cached; it is fetched again only for an unknown `kid` (at most once per
 * cooldown) and refreshed in the background every so often. No request waits on the network once the keys are
 * known, and the revocation check reads memory.
 */
export class AccessTokenVerifier implements BearerVerifier {
  private readonly logger = new Logger(AccessTokenVerifier.name);
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  private readonly refreshIntervalMs: number;
  private keysRefreshedAt = Date.now();

  constructor(private readonly options: AccessTokenVerifierOptions) {
    this.refreshIntervalMs = options.jwksRefreshIntervalMs ?? 10 * 60_000;
    this.jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
      timeoutDuration: options.jwksTimeoutMs ?? 2_000,
      cooldownDuration: options.jwksCooldownMs ?? 10_000,
      // Never block a request on an expiry of the cache: refreshKeysInBackground keeps it current instead, and the
      // known keys stay in use while the authorization server is unreachable.
      cacheMaxAge: Infinity,
    });
  }

  async verify(token: string): Promise<Principal> {
    this.refreshKeysInBackground();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.signingKey, {
        algorithms: ['RS256'],
        typ: ACCESS_TOKEN_TYP,
        issuer: this.options.issuer,
        audience: this.options.audience,
        requiredClaims: REQUIRED_CLAIMS,
        clockTolerance: this.options.clockToleranceSeconds ?? 5,
        // Whatever `exp` says, no token outlives its hour: revocations are remembered only that long.
        maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      }));
    } catch (error) {
      throw refusal(error);
    }
    const { principal, clientId } = readClaims(payload, this.options.audience);
    if (this.options.revocations.isRevoked({ grantId: principal.credentialId, clientId })) throw invalidToken(ERRORS.revoked);
    return principal;
  }

  private readonly signingKey = async (header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<KeyLike> => {
    try {
      return await this.jwks(header, token);
    } catch (error) {
      throw isFetchFailure(error) ? new SigningKeysUnavailable(String(error)) : error;
    }
  };

  private refreshKeysInBackground(): void {
    const now = Date.now();
    if (now - this.keysRefreshedAt < this.refreshIntervalMs || this.jwks.reloading || this.jwks.jwks() === undefined) return;
    this.keysRefreshedAt = now;
    this.jwks.reload().catch((error: unknown) => this.logger.warn(`JWKS refresh failed; keeping the known keys: ${String(error)}`));
  }
}

function refusal(error: unknown): DomainError {
  if (error instanceof SigningKeysUnavailable) {
    return new DomainError('service_unavailable', "The authorization server's signing keys could not be fetched; retry shortly.");
  }
  if (error instanceof errors.JWTExpired) return invalidToken(ERRORS.expired);
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') return invalidToken(ERRORS.audience);
  return invalidToken(ERRORS.invalid);
}

function readClaims(payload: JWTPayload, audience: string): { principal: Principal; clientId: string } {
  const claim = (name: string): string => {
    const value = payload[name];
    if (typeof value !== 'string' || value === '') throw invalidToken(ERRORS.invalid);
    return value;
  };
  // One audience per token: a token naming both resources would be good at both, which ARCHITECTURE.md forbids.
  if (Array.isArray(payload.aud) && (payload.aud.length !== 1 || payload.aud[0] !== audience)) throw invalidToken(ERRORS.audience);
  const userId = claim('user_id');
  if (claim('sub') !== userId || claim('client_type') !== OAUTH_CLIENT_TYPE) throw invalidToken(ERRORS.invalid);
  claim('jti');
  const scope = payload['scope'];
  if (typeof scope !== 'string') throw invalidToken(ERRORS.invalid);
  const principal: Principal = {
    via: 'oauth',
    userId,
    workspaceId: claim('workspace_id'),
    tenantId: claim('tenant_id'),
    role: null,
    scopes: new Set(scope.split(' ').filter(isResourceScope)),
    credentialId: claim('grant_id'),
  };
  return { principal, clientId: claim('client_id') };
}
