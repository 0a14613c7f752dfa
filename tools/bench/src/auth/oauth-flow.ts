import { randomBytes } from 'node:crypto';
import type { Agent, OutgoingHttpHeaders } from 'node:http';
import { CookieJar } from './cookie-jar';
import { basicAuth, form, type HttpResponse, send } from '../kit/http';

/** oidc-provider's endpoints as apps/auth mounts them (apps/auth/src/oidc/oauth-routes.ts). */
export const AUTHORIZE_PATH = '/api/auth/oauth2/authorize';
export const TOKEN_PATH = '/api/auth/oauth2/token';
export const JWKS_PATH = '/api/auth/oauth2/jwks';

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface FlowSettings {
  /** The auth server's base URL (PUBLIC_AUTH_URL: issuer and address are the same here). */
  authUrl: string;
  client: OAuthClientCredentials;
  scope: string;
  user: { email: string; password: string };
  /** The workspace picked on the consent page. */
  workspaceId: string;
  /** RFC 8707 resource indicator: the token's audience (the REST API when absent). */
  resource?: string;
}

/** What the token endpoint answered: a connection as the client keeps it. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken: string | null;
  scope: string;
  expiresIn: number;
}

export class FlowError extends Error {}

/** Reads a token endpoint answer; anything but 200 with both tokens is a FlowError naming the OAuth error. */
export function readTokenResponse(response: HttpResponse, what: string): TokenSet {
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // reported below
  }
  const str = (key: string) => (typeof json[key] === 'string' ? (json[key] as string) : null);
  const accessToken = str('access_token');
  const refreshToken = str('refresh_token');
  if (response.status !== 200 || !accessToken || !refreshToken) {
    const error = str('error');
    const detail = error ? `${error}${str('error_description') ? `: ${str('error_description')}` : ''}` : response.body.slice(0, 200);
    throw new FlowError(`${what}: HTTP ${response.status} ${detail}`);
  }
  return { accessToken, refreshToken, idToken: str('id_token'), scope: str('scope') ?? '', expiresIn: Number(json['expires_in'] ?? 0) };
}

/** One refresh-token grant (client_secret_basic), as a client does it: the answer carries the next refresh token. */
export async function refreshGrant(agent: Agent, authUrl: string, client: OAuthClientCredentials, refreshToken: string): Promise<HttpResponse> {
  const body = form({ grant_type: 'refresh_token', refresh_token: refreshToken });
  return send(agent, 'POST', new URL(TOKEN_PATH, authUrl), { ...body.headers, authorization: basicAuth(client.clientId, client.clientSecret), accept: 'application/json' }, body.body);
}

/** The value of a hidden form field of one of our pages (`<input type="hidden" name="…" value="…">`). */
export function hiddenField(html: string, name: string): string | null {
  const match = new RegExp(`<input[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(html);
  return match?.[1] ?? null;
}

/** The action of the page's (first) POST form. */
export function formAction(html: string): string | null {
  return /<form[^>]*\bmethod="post"[^>]*\baction="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;
}

/**
 * A user at a browser without the browser: a cookie jar, redirects followed by hand, and our sign-in and
 * consent forms filled by their documented field names. The first authorization signs in (one scrypt on the
 * server); later ones find the session and go straight to consent, which every authorization shows.
 */
export class HeadlessUser {
  private readonly jar = new CookieJar();

  constructor(
    private readonly agent: Agent,
    private readonly settings: FlowSettings,
  ) {}

  private async request(method: 'GET' | 'POST', url: URL, headers: OutgoingHttpHeaders = {}, body?: string): Promise<HttpResponse> {
    const cookie = this.jar.header(url.pathname);
    const response = await send(this.agent, method, url, { ...headers, ...(cookie ? { cookie } : {}) }, body);
    const setCookie = response.headers['set-cookie'];
    this.jar.store(Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [], url.pathname);
    return response;
  }

  /** The authorization code flow, from GET authorize to the code exchange at the token endpoint. */
  async connect(): Promise<TokenSet> {
    const { authUrl, client } = this.settings;
    const state = randomBytes(16).toString('base64url');
    let url = new URL(AUTHORIZE_PATH, authUrl);
    url.search = new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      redirect_uri: client.redirectUri,
      scope: this.settings.scope,
      state,
      ...(this.settings.resource ? { resource: this.settings.resource } : {}),
    }).toString();
    let response = await this.request('GET', url);
    for (let step = 0; step < 12; step++) {
      if (response.status >= 300 && response.status < 400) {
        const location = response.headers.location;
        if (!location) throw new FlowError(`${url.pathname}: HTTP ${response.status} without a Location`);
        url = new URL(location, url);
        if (`${url.origin}${url.pathname}` === client.redirectUri) return this.exchange(url, state);
        response = await this.request('GET', url);
        continue;
      }
      if (response.status !== 200 || !url.pathname.startsWith('/interaction/')) {
        throw new FlowError(`${url.pathname}: HTTP ${response.status} ${response.body.replace(/\s+/g, ' ').slice(0, 300)}`);
      }
      const action = formAction(response.body);
      const csrf = hiddenField(response.body, '_csrf');
      if (!action || !csrf) throw new FlowError(`${url.pathname}: no form with a _csrf field on the page`);
      const target = new URL(action, url);
      const fields: Record<string, string> | null = target.pathname.endsWith('/sign-in')
        ? { _csrf: csrf, email: this.settings.user.email, password: this.settings.user.password, action: 'sign_in' }
        : target.pathname.endsWith('/consent')
          ? { _csrf: csrf, workspace_id: this.settings.workspaceId, action: 'approve' }
          : null;
      if (!fields) throw new FlowError(`${url.pathname}: unexpected form action ${action}`);
      const body = form(fields);
      url = target;
      response = await this.request('POST', target, body.headers, body.body);
    }
    throw new FlowError('the authorization did not reach the redirect URI within 12 steps');
  }

  private async exchange(callback: URL, state: string): Promise<TokenSet> {
    const { client } = this.settings;
    const error = callback.searchParams.get('error');
    if (error) throw new FlowError(`the authorization ended with ${error}: ${callback.searchParams.get('error_description') ?? ''}`);
    if (callback.searchParams.get('state') !== state) throw new FlowError('the redirect carried another state');
    const code = callback.searchParams.get('code');
    if (!code) throw new FlowError('the redirect carried no code');
    const body = form({ grant_type: 'authorization_code', code, redirect_uri: client.redirectUri });
    const response = await send(
      this.agent,
      'POST',
      new URL(TOKEN_PATH, this.settings.authUrl),
      { ...body.headers, authorization: basicAuth(client.clientId, client.clientSecret), accept: 'application/json' },
      body.body,
    );
    return readTokenResponse(response, 'code exchange');
  }
}

/**
 * `count` connections through the real flow, `parallel` users (cookie jars) at a time, each authorizing one
 * after another. Returns them in the order they were made.
 */
export async function makeConnections(agent: Agent, settings: FlowSettings, count: number, parallel: number, onProgress?: (done: number) => void): Promise<TokenSet[]> {
  const made: TokenSet[] = [];
  let next = 0;
  const users = Array.from({ length: Math.max(1, Math.min(parallel, count)) }, () => new HeadlessUser(agent, settings));
  await Promise.all(
    users.map(async (user) => {
      while (next < count) {
        next++;
        made.push(await user.connect());
        onProgress?.(made.length);
      }
    }),
  );
  return made;
}
