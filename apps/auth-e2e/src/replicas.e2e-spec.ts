import { deleteClient, rotateClientSecret } from '@cs/oauth';
import { Redis } from 'ioredis';
import { type Person, type RegisteredClient, useAuthStack } from './support/auth-stack';
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

/** A token endpoint request with client_secret_basic, answered by the replica at `origin`. */
async function token(origin: string, client: { clientId: string }, secret: string, body: Record<string, string>) {
  const response = await fetch(`${origin}/api/auth/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client.clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** The authorization code flow by hand, hopping between replica `a` (start, consent) and `b` (sign-in, return). */
async function authorizeAcross(a: string, b: string, client: RegisteredClient, person: Person): Promise<URL> {
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
  return new URL(back.location);
}

describe('several auth replicas (issue 3: shared cookie keys, no in-memory state)', () => {
  it('completes one authorization hopping between two replicas, then refreshes on either', async () => {
    const replica = await stack.replica();
    const [a, b] = [stack.authUrl, replica.url];
    const workspace = await stack.workspace();
    const person = await stack.person(workspace);
    const client = await stack.client(person, { scopes: ['conversations:read'] });

    const redirect = await authorizeAcross(a, b, client, person);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(client.redirectUri);
    expect(redirect.searchParams.get('state')).toBe('replica-state');

    const exchanged = await token(b, client, client.clientSecret, {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code')!,
      redirect_uri: client.redirectUri,
    });
    expect(exchanged.status).toBe(200);
    const refreshedOnA = await token(a, client, client.clientSecret, { grant_type: 'refresh_token', refresh_token: exchanged.body['refresh_token']! });
    expect(refreshedOnA.status).toBe(200);
    const refreshedOnB = await token(b, client, client.clientSecret, { grant_type: 'refresh_token', refresh_token: refreshedOnA.body['refresh_token']! });
    expect(refreshedOnB.status).toBe(200);
    // The token consumed on A is known as used on B too: reuse is caught whichever replica sees it.
    expect(await token(b, client, client.clientSecret, { grant_type: 'refresh_token', refresh_token: exchanged.body['refresh_token']! })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await getWithToken(stack.apiUrl, '/api/v1/conversations', exchanged.body['access_token']!)).toMatchObject({ status: 401 });
  }, 60_000);

  // Refresh grants authenticate against client metadata each replica keeps for a minute (apps/auth ClientCache):
  // this is what keeps a rotation or a deletion effective at once everywhere all the same.
  it('applies the end of a secret rotation and a client deletion at once on every replica, although both have just served the client', async () => {
    const replica = await stack.replica();
    const [a, b] = [stack.authUrl, replica.url];
    const workspace = await stack.workspace();
    const person = await stack.person(workspace);
    const client = await stack.client(person, { scopes: ['conversations:read'] });
    const code = (await authorizeAcross(a, b, client, person)).searchParams.get('code')!;
    const first = await token(a, client, client.clientSecret, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri });
    expect(first.status).toBe(200);

    let refreshToken = first.body['refresh_token']!;
    const refresh = async (origin: string, secret: string) => {
      const answer = await token(origin, client, secret, { grant_type: 'refresh_token', refresh_token: refreshToken });
      if (answer.status === 200) refreshToken = answer.body['refresh_token']!;
      return answer;
    };
    for (const origin of [a, b]) expect(await refresh(origin, client.clientSecret)).toMatchObject({ status: 200 });

    const newSecret = (await rotateClientSecret(stack.db.dataSource, workspace.id, client.clientId))!;
    // A holds the old digest and is shown the new secret; B holds it too and is shown the old secret, which the
    // rotation's overlap still accepts (CLIENT_SECRET_OVERLAP_HOURS).
    expect(await refresh(a, newSecret)).toMatchObject({ status: 200 });
    expect(await refresh(b, client.clientSecret)).toMatchObject({ status: 200 });
    expect(await refresh(a, client.clientSecret)).toMatchObject({ status: 200 });
    expect(await refresh(b, newSecret)).toMatchObject({ status: 200 });
    // The overlap ends: both replicas have just served the old secret (and may hold its digest), and refuse it now.
    await stack.db.dataSource.query(`UPDATE oauth_clients SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [client.clientId]);
    expect(await refresh(b, client.clientSecret)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await refresh(a, client.clientSecret)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await refresh(a, newSecret)).toMatchObject({ status: 200 });

    const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
    try {
      expect(await deleteClient(stack.db.dataSource, redis, workspace.id, client.clientId)).toBe(true);
    } finally {
      redis.disconnect();
    }
    for (const origin of [a, b]) expect(await refresh(origin, newSecret)).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
  }, 60_000);
});
