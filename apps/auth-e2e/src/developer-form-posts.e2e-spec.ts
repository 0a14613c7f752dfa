import type { TestWorkspace } from '@cs/testing';
import { type Person, useAuthStack } from './support/auth-stack';

/**
 * Issue 19, findings 3 and 5: what the developer pages do with form POSTs that are not what their forms send
 * (another media type, no body, no session), and with CSRF tokens that belong to another session. Spoken to with
 * plain HTTP, the way a script or a forged request would post them.
 */
const stack = useAuthStack();

let workspace: TestWorkspace;
let admin: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Hardening');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'forms-admin' });
}, 120_000);

/** The cookies a Set-Cookie list leaves, as one Cookie header (later values win). */
const cookieHeader = (previous: string, response: Response): string => {
  const cookies = new Map(previous ? previous.split('; ').map((pair) => pair.split('=', 2) as [string, string]) : []);
  for (const line of response.headers.getSetCookie()) {
    const [name, value] = (line.split(';', 1)[0] as string).split('=', 2) as [string, string];
    cookies.set(name, value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
};

const csrfField = (html: string): string => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** Signs in with the sign-in form; the session's cookies and the CSRF token of its developer page. */
async function signedIn(person: Person): Promise<{ cookies: string; csrf: string }> {
  const page = await fetch(`${stack.authUrl}/sign-in?return_to=%2Fdeveloper`);
  let cookies = cookieHeader('', page);
  const form = new URLSearchParams({ _csrf: csrfField(await page.text()), email: person.email, password: person.password, action: 'sign_in' });
  const signIn = await fetch(`${stack.authUrl}/sign-in?return_to=%2Fdeveloper`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(signIn.status).toBe(303);
  cookies = cookieHeader(cookies, signIn);
  const developer = await fetch(`${stack.authUrl}/developer`, { headers: { cookie: cookies } });
  expect(developer.status).toBe(200);
  return { cookies: cookieHeader(cookies, developer), csrf: csrfField(await developer.text()) };
}

function post(path: string, cookies: string, body: string | undefined, contentType?: string) {
  return fetch(`${stack.authUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...(cookies ? { cookie: cookies } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(body === undefined ? {} : { body }),
  });
}

/** Form routes, each with the page a visitor signs in for. */
const FORM_ROUTES: [string, string][] = [
  ['/account/api-keys', '/account'],
  ['/developer/clients', '/developer'],
  ['/developer/webhooks', '/developer'],
  ['/account/api-keys/key_x/revoke', '/account'],
  ['/developer/webhooks/wh_x/delete', '/developer'],
];
const BAD_BODIES: [string, string | undefined, string | undefined][] = [
  ['text/plain', 'workspace_id=x&name=y', 'text/plain'],
  ['JSON', '{"workspace_id":"x","name":"y"}', 'application/json'],
  ['no body', undefined, undefined],
];

describe('developer form routes posted something other than their form (finding 3)', () => {
  it.each(BAD_BODIES)('send a visitor without a session to sign in (%s)', async (_case, body, type) => {
    for (const [path, returnTo] of FORM_ROUTES) {
      const answer = await post(path, '', body, type);
      expect({ path, status: answer.status, location: answer.headers.get('location') }).toEqual({ path, status: 303, location: `/sign-in?return_to=${returnTo}` });
    }
  });

  it.each(BAD_BODIES)('answer a signed-in admin with the 415 page, not a stale-form 403 or a 500 (%s)', async (_case, body, type) => {
    const session = await signedIn(admin);
    for (const [path] of FORM_ROUTES) {
      const answer = await post(path, session.cookies, body, type);
      expect({ path, status: answer.status }).toEqual({ path, status: 415 });
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answer.text()).toContain('This form could not be read');
    }
  });

  it('answer a form body the form parser refuses (too large, unknown charset, bad encoding) with an HTML page, never 500', async () => {
    const session = await signedIn(admin);
    const form = `_csrf=${session.csrf}&workspace_id=${workspace.id}&name=`;
    const refusals = [
      await post('/account/api-keys', session.cookies, `${form}${'x'.repeat(40_000)}`, 'application/x-www-form-urlencoded'),
      await post('/account/api-keys', session.cookies, `${form}key`, 'application/x-www-form-urlencoded; charset=klingon'),
      await fetch(`${stack.authUrl}/account/api-keys`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: session.cookies, 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'deflate' },
        body: `${form}key`,
      }),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([413, 415, 400]);
    for (const answer of refusals) expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('CSRF tokens bound to the session they were issued to (finding 5)', () => {
  const createKey = (cookies: string, csrf: string, name: string) =>
    post('/account/api-keys', cookies, new URLSearchParams({ _csrf: csrf, workspace_id: workspace.id, name }).toString(), 'application/x-www-form-urlencoded');
  const keyNamed = async (name: string) =>
    (await stack.db.dataSource.query<{ n: number }[]>('SELECT count(*)::int AS n FROM api_keys WHERE name = $1', [name]))[0]?.n;
  const withCookie = (cookies: string, name: string, value: string) =>
    [...cookies.split('; ').filter((pair) => !pair.startsWith(`${name}=`)), `${name}=${value}`].join('; ');

  it('accepts the token of the page the session was shown', async () => {
    const session = await signedIn(admin);
    expect((await createKey(session.cookies, session.csrf, 'Own token')).status).toBeLessThan(400);
    expect(await keyNamed('Own token')).toBe(1);
  });

  it('refuses any cookie and field pair that merely match (cs_csrf=x, _csrf=x), as the review did', async () => {
    const session = await signedIn(admin);
    const forged = await createKey(withCookie(session.cookies, 'cs_csrf', 'x'), 'x', 'Forged pair');
    expect(forged.status).toBe(403);
    const wellFormed = 'A'.repeat(43);
    expect((await createKey(withCookie(session.cookies, 'cs_csrf', wellFormed), wellFormed, 'Forged pair')).status).toBe(403);
    expect(await keyNamed('Forged pair')).toBe(0);
  });

  it("refuses another session's token, even with that session's CSRF cookie", async () => {
    const [mine, theirs] = [await signedIn(admin), await signedIn(admin)];
    const theirCsrfCookie = /(?:^|; )(cs_csrf=[^;]+)/.exec(theirs.cookies)?.[1] ?? '';
    const mineWithTheirs = [...mine.cookies.split('; ').filter((pair) => !pair.startsWith('cs_csrf=')), theirCsrfCookie].join('; ');
    expect((await createKey(mineWithTheirs, theirs.csrf, 'Cross session')).status).toBe(403);
    expect((await createKey(mine.cookies, theirs.csrf, 'Cross session')).status).toBe(403);
    expect(await keyNamed('Cross session')).toBe(0);
  });
});
