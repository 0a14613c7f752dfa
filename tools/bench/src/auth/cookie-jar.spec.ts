import { CookieJar, pathMatches } from './cookie-jar';
import { basicAuth } from '../kit/http';
import { formAction, hiddenField } from './oauth-flow';

describe('the headless browser of the auth benchmark', () => {
  it('sends a cookie only under its path, as oidc-provider scopes its interaction cookies', () => {
    const jar = new CookieJar();
    jar.store(
      [
        '_interaction=abc; path=/interaction/abc; expires=Wed, 01 Jan 2125 00:00:00 GMT; samesite=lax; httponly',
        '_interaction_resume=abc; path=/api/auth/oauth2/authorize/abc; samesite=lax; httponly',
        '_session=s1; path=/; samesite=lax; httponly',
      ],
      '/api/auth/oauth2/authorize',
    );
    expect(jar.header('/interaction/abc')).toBe('_interaction=abc; _session=s1');
    expect(jar.header('/interaction/abc/consent')).toBe('_interaction=abc; _session=s1');
    expect(jar.header('/interaction/abcd')).toBe('_session=s1');
    expect(jar.header('/api/auth/oauth2/authorize/abc')).toBe('_interaction_resume=abc; _session=s1');
    expect(jar.header('/api/auth/oauth2/token')).toBe('_session=s1');
  });

  it('replaces a cookie of the same name and path, and removes expired ones', () => {
    const jar = new CookieJar();
    jar.store(['cs_csrf=one; Path=/; HttpOnly', 'a=1; Path=/x'], '/');
    jar.store(['cs_csrf=two; Path=/; HttpOnly'], '/');
    expect(jar.header('/x')).toBe('a=1; cs_csrf=two');
    jar.store(['a=; Path=/x; Max-Age=0', 'cs_csrf=gone; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], '/', Date.UTC(2026, 0, 1));
    expect(jar.header('/x')).toBeUndefined();
  });

  it('defaults the path to the directory of the request', () => {
    const jar = new CookieJar();
    jar.store(['k=v'], '/interaction/abc/sign-in');
    expect(jar.header('/interaction/abc/consent')).toBe('k=v');
    expect(jar.header('/interaction/other')).toBeUndefined();
    expect(pathMatches('/a/b', '/a/')).toBe(true);
    expect(pathMatches('/ab', '/a')).toBe(false);
  });

  it('reads the form of our pages and encodes client credentials as client_secret_basic', () => {
    const page = '<form method="post" action="/interaction/u1/consent">\n  <input type="hidden" name="_csrf" value="tok_en-1">';
    expect(formAction(page)).toBe('/interaction/u1/consent');
    expect(hiddenField(page, '_csrf')).toBe('tok_en-1');
    expect(hiddenField(page, 'workspace_id')).toBeNull();
    expect(basicAuth('client 1', 'cs_a:b')).toBe(`Basic ${Buffer.from('client+1:cs_a%3Ab').toString('base64')}`);
  });
});
