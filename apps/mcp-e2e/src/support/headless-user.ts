import { randomBytes } from 'node:crypto';
import type { Person } from './mcp-stack';

/** One cookie per name, as a browser keeps them for one plain-http origin used one flow at a time. */
class Cookies {
  private readonly values = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const expired = /;\s*max-age=0/i.test(header) || /;\s*expires=Thu, 01 Jan 1970/i.test(header);
      if (expired) this.values.delete(name);
      else this.values.set(name, pair.slice(eq + 1).trim());
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const hidden = (html: string, name: string): string | undefined => new RegExp(`<input[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(html)?.[1];
const formAction = (html: string): string | undefined => /<form[^>]*\bmethod="post"[^>]*\baction="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

/**
 * A user at a browser without the browser: follows redirects by hand, keeps cookies, and fills our sign-in and
 * consent forms by their documented field names (docs/api.md "OAuth": email, password, action=sign_in|approve).
 */
export class HeadlessUser {
  private readonly cookies = new Cookies();

  constructor(private readonly person: Person) {}

  private async request(url: URL, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: this.cookies.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    this.cookies.store(response);
    return response;
  }

  /**
   * Opens an authorization URL, signs in when asked, approves the consent for the person's workspace, and returns
   * the URL the authorization server finally redirected to (the client's redirect URI with code and state).
   */
  async authorize(authorizationUrl: URL, redirectUri: string, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
    let url = authorizationUrl;
    let response = await this.request(url);
    for (let step = 0; step < 12; step++) {
      if (response.status >= 300 && response.status < 400) {
        url = new URL(response.headers.get('location') ?? '', url);
        if (`${url.origin}${url.pathname}` === redirectUri) return url;
        response = await this.request(url);
        continue;
      }
      const html = await response.text();
      const action = formAction(html);
      const csrf = hidden(html, '_csrf');
      if (response.status !== 200 || !action || !csrf) throw new Error(`${url.pathname}: HTTP ${response.status} ${html.replace(/\s+/g, ' ').slice(0, 300)}`);
      const target = new URL(action, url);
      const fields: Record<string, string> = target.pathname.endsWith('/sign-in')
        ? { _csrf: csrf, email: this.person.email, password: this.person.password, action: 'sign_in' }
        : { _csrf: csrf, workspace_id: this.person.workspace.id, action: decision };
      url = target;
      response = await this.request(target, fields);
    }
    throw new Error('the authorization did not reach the redirect URI within 12 steps');
  }

  /** Revokes one connection on the account page, as the user does with "Revoke access". */
  async revokeConnection(authUrl: string, grantId: string): Promise<void> {
    const page = await this.request(new URL('/account', authUrl));
    const html = await page.text();
    const csrf = hidden(html, '_csrf');
    if (page.status !== 200 || !csrf) throw new Error(`/account: HTTP ${page.status} without a form`);
    const response = await this.request(new URL(`/account/connections/${grantId}/revoke`, authUrl), { _csrf: csrf, action: 'revoke' });
    if (response.status !== 303 && response.status !== 302) throw new Error(`revoke: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
}

/** An authorization code flow by hand (no SDK), for tokens of a chosen resource; returns the token response. */
export async function authorizeByHand(
  user: HeadlessUser,
  authUrl: string,
  client: { clientId: string; clientSecret: string; redirectUri: string },
  options: { scope: string; resource: string },
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const state = randomBytes(12).toString('base64url');
  const url = new URL('/api/auth/oauth2/authorize', authUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    scope: options.scope,
    state,
    resource: options.resource,
  }).toString();
  const back = await user.authorize(url, client.redirectUri);
  const code = back.searchParams.get('code');
  if (!code || back.searchParams.get('state') !== state) throw new Error(`no code at the redirect: ${back.toString()}`);
  const response = await fetch(new URL('/api/auth/oauth2/token', authUrl), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, resource: options.resource }).toString(),
  });
  const body = (await response.json()) as { access_token: string; refresh_token: string; scope: string };
  if (response.status !== 200) throw new Error(`token endpoint: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export const jwtPayload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
