import * as oidc from 'openid-client';
import type { RegisteredClient } from './auth-stack';

export type Tokens = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

/** What the app keeps in its session between sending the user away and the redirect coming back. */
export interface PendingAuthorization {
  url: URL;
  redirectUri: string;
  state?: string;
  codeVerifier?: string;
  idTokenExpected: boolean;
}

export interface AuthorizationOptions {
  /** Space-separated; `openid` is asked for too unless `openid: false`, so the token response carries an ID token. */
  scope: string;
  openid?: boolean;
  pkce?: boolean;
  /** On by default, as the spec asks ("yes in practice"). */
  state?: boolean;
  resource?: string;
  /** Defaults to the client's registered redirect URI. */
  redirectUri?: string;
}

/**
 * The third-party application, written with openid-client (certified, and written by no one here): discovery,
 * authorization URL with state and PKCE, code exchange and refresh, client_secret_basic as the spec requires.
 */
export class ThirdPartyApp {
  private constructor(
    readonly config: oidc.Configuration,
    readonly client: RegisteredClient,
  ) {}

  /** Discovers the authorization server from its issuer URL; `secret` defaults to the registered one. */
  static async discover(issuer: string, client: RegisteredClient, secret = client.clientSecret): Promise<ThirdPartyApp> {
    // The test stack speaks plain http on localhost; openid-client refuses that unless told.
    const config = await oidc.discovery(new URL(issuer), client.clientId, undefined, oidc.ClientSecretBasic(secret), {
      execute: [oidc.allowInsecureRequests],
    });
    return new ThirdPartyApp(config, client);
  }

  async authorization(options: AuthorizationOptions): Promise<PendingAuthorization> {
    const redirectUri = options.redirectUri ?? this.client.redirectUri;
    const idTokenExpected = options.openid !== false;
    const params: Record<string, string> = { redirect_uri: redirectUri, scope: `${idTokenExpected ? 'openid ' : ''}${options.scope}`.trim() };
    const pending: Omit<PendingAuthorization, 'url'> = { redirectUri, idTokenExpected };
    if (options.state !== false) params['state'] = pending.state = oidc.randomState();
    if (options.pkce) {
      pending.codeVerifier = oidc.randomPKCECodeVerifier();
      params['code_challenge'] = await oidc.calculatePKCECodeChallenge(pending.codeVerifier);
      params['code_challenge_method'] = 'S256';
    }
    if (options.resource) params['resource'] = options.resource;
    return { ...pending, url: oidc.buildAuthorizationUrl(this.config, params) };
  }

  /** The code-for-token exchange, checking state (and sending the PKCE verifier) as the pending request says. */
  exchange(callback: URL, pending: PendingAuthorization, options: { resource?: string; codeVerifier?: string } = {}): Promise<Tokens> {
    const codeVerifier = options.codeVerifier ?? pending.codeVerifier;
    return oidc.authorizationCodeGrant(
      this.config,
      callback,
      { expectedState: pending.state, idTokenExpected: pending.idTokenExpected, ...(codeVerifier ? { pkceCodeVerifier: codeVerifier } : {}) },
      options.resource ? { resource: options.resource } : undefined,
    );
  }

  refresh(refreshToken: string, options: { resource?: string } = {}): Promise<Tokens> {
    return oidc.refreshTokenGrant(this.config, refreshToken, options.resource ? { resource: options.resource } : undefined);
  }
}

/** The OAuth error a call failed with, as the token endpoint answered it (status and `error`). */
export async function oauthError(call: Promise<unknown>): Promise<{ status: number | undefined; error: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof oidc.ResponseBodyError) return { status: error.status, error: error.error };
    if (error instanceof oidc.WWWAuthenticateChallengeError) {
      return { status: error.status, error: String(error.cause[0]?.parameters.error ?? error.cause[0]?.scheme) };
    }
    if (error instanceof oidc.AuthorizationResponseError) return { status: undefined, error: error.error };
    throw error;
  }
  throw new Error('The call succeeded; an OAuth error was expected');
}

/** The decoded payload and header of a JWT, read without verifying it (the API does the verifying). */
export function decodeJwt(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  if (!header || !payload) throw new Error('not a JWT');
  return { header, payload };
}
