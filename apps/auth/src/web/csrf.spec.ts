import type { Request, Response } from 'express';
import { csrfCookieName, csrfToken, csrfValid } from './csrf';

const KEY = 'k'.repeat(32);
const config = (secure: boolean, keys: string[] = [KEY]) => ({ AUTH_COOKIE_KEYS: keys, secureCookies: secure });

/** Just what csrf.ts touches of Express' request and response: the Cookie header, the body, appended headers. */
function exchange(cookie?: string, body?: Record<string, unknown>) {
  const setCookies: string[] = [];
  const req = { headers: cookie ? { cookie } : {}, body } as unknown as Request;
  const res = { append: (_name: string, value: string) => setCookies.push(value) } as unknown as Response;
  return { req, res, setCookies };
}

const post = (cookie: string, token: unknown, secure = false, keys?: string[]) => csrfValid(exchange(cookie, { _csrf: token }).req, config(secure, keys));

describe('CSRF tokens (issue 19: bound to the session, __Host- in production)', () => {
  it('names the anonymous cookie __Host-cs_csrf when cookies are Secure: host-only, Path=/, Secure', () => {
    const { req, res, setCookies } = exchange();
    csrfToken(req, res, config(true));
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(/^__Host-cs_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(csrfCookieName(false)).toBe('cs_csrf');
  });

  it('accepts the token of the signed-in session it was shown in, and of no other session', () => {
    const { req, res, setCookies } = exchange('cs_session=session-a');
    const token = csrfToken(req, res, config(false));
    expect(setCookies).toEqual([]);
    expect(post('cs_session=session-a', token)).toBe(true);
    expect(post('cs_session=session-b', token)).toBe(false);
    expect(post('cs_session=session-a', `${token}x`)).toBe(false);
    expect(post('cs_session=session-a', undefined)).toBe(false);
  });

  it('binds a browser without a session to its anonymous cookie, and refuses a cookie and field that merely match', () => {
    const { req, res, setCookies } = exchange();
    const token = csrfToken(req, res, config(false));
    const cookie = (setCookies[0] as string).split(';', 1)[0] as string;
    expect(post(cookie, token)).toBe(true);
    expect(post('cs_csrf=x', 'x')).toBe(false);
    const value = 'A'.repeat(43);
    expect(post(`cs_csrf=${value}`, value)).toBe(false);
    // The token of the anonymous browser is not the token of its session once signed in.
    expect(post(`${cookie}; cs_session=session-a`, token)).toBe(false);
    // In production the anonymous cookie is only read under its __Host- name.
    expect(post(cookie, token, true)).toBe(false);
  });

  it('keeps accepting tokens made under a previous cookie key while it is still listed (key rotation)', () => {
    const { req, res } = exchange('cs_session=session-a');
    const token = csrfToken(req, res, config(false, ['o'.repeat(32)]));
    expect(post('cs_session=session-a', token, false, [KEY, 'o'.repeat(32)])).toBe(true);
    expect(post('cs_session=session-a', token, false, [KEY])).toBe(false);
  });
});
