import { Logger } from '@nestjs/common';
import { DomainError, invalidToken, type Principal, type Scope, SCOPES } from '@cs/domain';
import { KeyObject, verify as verifySignature } from 'node:crypto';
import { createRemoteJWKSet, errors, type FlattenedJWSInput, type JWSHeaderParameters, type JWTPayload, type KeyLike } from 'jose';
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
 * Verifies OAuth access tokens locally (docs/api.md "OAuth"): RS256 only, against the authorization server's
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
    const parts = token.split('.');
    if (parts.length !== 3) throw invalidToken(ERRORS.invalid);
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    const header = readHeader(encodedHeader);
    let key: KeyLike;
    try {
      key = await this.signingKey(header, { protected: encodedHeader, payload: encodedPayload, signature: encodedSignature });
    } catch (error) {
      throw refusal(error);
    }
    // jose finds and caches the key; the RS256 check itself runs synchronously on this thread, which costs less
    // than jose's hop to the libuv thread pool (measured by npm run bench -- auth).
    if (!(key instanceof KeyObject) || key.asymmetricKeyType !== 'rsa') throw invalidToken(ERRORS.invalid);
    const signature = Buffer.from(encodedSignature, 'base64url');
    if (!verifySignature('RSA-SHA256', Buffer.from(`${encodedHeader}.${encodedPayload}`, 'ascii'), key, signature)) {
      throw invalidToken(ERRORS.invalid);
    }
    const payload = readPayload(encodedPayload);
    checkRegisteredClaims(payload, this.options.issuer, this.options.audience, this.options.clockToleranceSeconds ?? 5);
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
  return invalidToken(ERRORS.invalid);
}

const decodeJson = (segment: string): unknown => {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The protected header: RS256 only (never `none`, never HS*), typed as an access token (RFC 9068 §2.1, either
 * spelling), with a `kid`, and nothing that changes how the signature is read (`crit`, `b64`, embedded keys).
 */
function readHeader(segment: string): JWSHeaderParameters {
  const header = decodeJson(segment);
  if (!isObject(header)) throw invalidToken(ERRORS.invalid);
  const typ = typeof header['typ'] === 'string' ? header['typ'].toLowerCase().replace(/^application\//, '') : '';
  const forbidden = ['crit', 'b64', 'jwk', 'jku', 'x5u', 'x5c'].some((name) => name in header);
  if (header['alg'] !== 'RS256' || typ !== ACCESS_TOKEN_TYP || typeof header['kid'] !== 'string' || forbidden) {
    throw invalidToken(ERRORS.invalid);
  }
  return header as JWSHeaderParameters;
}

function readPayload(segment: string): JWTPayload {
  const payload = decodeJson(segment);
  if (!isObject(payload)) throw invalidToken(ERRORS.invalid);
  return payload as JWTPayload;
}

/** RFC 7519 §4.1 checks, with clock tolerance; no token outlives its hour whatever `exp` says. */
function checkRegisteredClaims(payload: JWTPayload, issuer: string, audience: string, tolerance: number): void {
  for (const name of REQUIRED_CLAIMS) if (payload[name] === undefined) throw invalidToken(ERRORS.invalid);
  if (payload.iss !== issuer) throw invalidToken(ERRORS.invalid);
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(audience)) throw invalidToken(ERRORS.audience);
  const { exp, iat, nbf } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || typeof iat !== 'number' || !Number.isFinite(iat)) throw invalidToken(ERRORS.invalid);
  if (nbf !== undefined && (typeof nbf !== 'number' || !Number.isFinite(nbf))) throw invalidToken(ERRORS.invalid);
  const now = Math.floor(Date.now() / 1000);
  if (iat > now + tolerance || (nbf !== undefined && nbf > now + tolerance)) throw invalidToken(ERRORS.invalid);
  // Revocations are remembered an hour (plus margin), so neither exp nor age may exceed that.
  if (exp <= now - tolerance || now - iat > ACCESS_TOKEN_TTL_SECONDS + tolerance) throw invalidToken(ERRORS.expired);
}

function readClaims(payload: JWTPayload, audience: string): { principal: Principal; clientId: string } {
  const claim = (name: string): string => {
    const value = payload[name];
    if (typeof value !== 'string' || value === '') throw invalidToken(ERRORS.invalid);
    return value;
  };
  // One audience per token: a token naming both resources would be good at both, and the contract says a token
  // for one resource is refused by the other.
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
