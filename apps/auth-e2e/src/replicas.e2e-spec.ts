import { useAuthStack } from './support/auth-stack';
import { getWithToken } from './support/resource-server';

const stack = useAuthStack();

/** A browser's cookies for `localhost`: shared by every port, as browsers do. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
  }
}

/** One request on the given replica, redirects not followed; an absolute Location is rebased onto `origin`. */
async function step(jar: CookieJar, origin: string, pathOrUrl: string, form?: Record<string, string>): Promise<{ status: number; location: string; body: string }> {
  const url = new URL(pathOrUrl, origin);
  const target = `${origin}${url.pathname}${url.search}`;
  const response = await fetch(target, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  jar.take(response);
  return { status: response.status, location: response.headers.get('location') ?? '', body: await response.text() };
}

const field = (html: string, name: string): string => {
  const match = new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html) ?? new RegExp(`value="([^"]*)"[^>]*name="${name}"`).exec(html);
  if (!match) throw new Error(`no ${name} field on the page`);
  return match[1]!;
};

describe('several auth replicas (issue 3: shared cookie keys, no in-memory state)', () => {
  it('completes one authorization hopping between two replicas, then refreshes on either', async () => {
    const replica = await stack.replica();
    const [a, b] = [stack.authUrl, replica.url];
    const workspace = await stack.workspace();
    const person = await stack.person(workspace);
    const client = await stack.client(person, { scopes: ['conversations:read'] });
    const jar = new CookieJar();

    const authorize = `/api/auth/oauth2/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'openid conversations:read',
      state: 'replica-state',
    })}`;
    const started = await step(jar, a, authorize);
    expect(started.status).toBe(303);
    const signInPage = await step(jar, b, started.location);
    expect(signInPage.status).toBe(200);
    const signedIn = await step(jar, b, `${new URL(started.location, a).pathname}/sign-in`, {
      _csrf: field(signInPage.body, '_csrf'),
      email: person.email,
      password: person.password,
      action: 'sign_in',
    });
    expect(signedIn.status).toBe(303);
    const toConsent = await step(jar, b, signedIn.location);
    const consentPage = await step(jar, a, toConsent.location);
    expect(consentPage.status).toBe(200);
    const approved = await step(jar, a, `${new URL(toConsent.location, a).pathname}/consent`, {
      _csrf: field(consentPage.body, '_csrf'),
      workspace_id: field(consentPage.body, 'workspace_id'),
      action: 'approve',
    });
    const back = await step(jar, b, approved.location);
    const redirect = new URL(back.location);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(client.redirectUri);
    expect(redirect.searchParams.get('state')).toBe('replica-state');

    const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
    const token = async (origin: string, body: Record<string, string>) => {
      const response = await fetch(`${origin}/api/auth/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, string> };
    };
    const exchanged = await token(b, { grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: client.redirectUri });
    expect(exchanged.status).toBe(200);
    const refreshedOnA = await token(a, { grant_type: 'refresh_token', refresh_token: exchanged.body['refresh_token']! });
    expect(refreshedOnA.status).toBe(200);
    const refreshedOnB = await token(b, { grant_type: 'refresh_token', refresh_token: refreshedOnA.body['refresh_token']! });
    expect(refreshedOnB.status).toBe(200);
    // The token consumed on A is known as used on B too: reuse is caught whichever replica sees it.
    expect(await token(b, { grant_type: 'refresh_token', refresh_token: exchanged.body['refresh_token']! })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', exchanged.body['access_token']!)).toMatchObject({ status: 401 });
  }, 60_000);
});
