import { ClientValidationError, redirectUriProblem, validateClientInput } from './client-registration';

describe('OAuth client registration rules (spec "OAuth client registration")', () => {
  it.each(['https://app.example.com/callback', 'http://localhost/callback', 'http://localhost:8765/cb', 'http://127.0.0.1:53682/'])(
    'accepts the redirect URI %s',
    (uri) => expect(redirectUriProblem(uri)).toBeNull(),
  );

  it.each([
    ['http://app.example.com/callback', 'must use https'],
    ['http://192.168.1.5/cb', 'must use https'],
    ['http://localhost.evil.com/cb', 'must use https'],
    ['https://app.example.com/cb#frag', 'fragment'],
    ['https://*.example.com/cb', 'wildcard'],
    ['/relative/callback', 'not an absolute URL'],
    ['https://user:pass@app.example.com/cb', 'credentials'],
    ['custom-scheme://callback', 'must use https'],
  ])('refuses the redirect URI %s', (uri, reason) => expect(redirectUriProblem(uri)).toContain(reason));

  it('trims, de-duplicates and drops empty redirect URI lines', () => {
    const valid = validateClientInput({ name: ' Notes ', logoUri: '', redirectUris: [' https://a.example/cb ', '', 'https://a.example/cb'], scopes: ['email'] });
    expect(valid).toEqual({ name: 'Notes', logoUri: null, redirectUris: ['https://a.example/cb'], scopes: ['email'] });
  });

  it('reports every bad redirect URI at once, not only the first', () => {
    const uris = ['http://app.example.com/cb', 'https://ok.example/cb', 'https://a.example/cb#frag', '/relative'];
    const refusal = (() => {
      try {
        validateClientInput({ name: 'x', logoUri: null, redirectUris: uris, scopes: ['email'] });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ClientValidationError);
    expect((refusal as ClientValidationError).errors.redirectUris).toBe(
      'http://app.example.com/cb must use https (http is allowed only for localhost and 127.0.0.1); https://a.example/cb#frag must not contain a fragment; /relative is not an absolute URL',
    );
  });

  it('reports every invalid field at once', () => {
    try {
      validateClientInput({ name: '', logoUri: 'javascript:alert(1)', redirectUris: [], scopes: ['admin'] });
      throw new Error('expected a validation error');
    } catch (error) {
      expect(error).toBeInstanceOf(ClientValidationError);
      expect(Object.keys((error as ClientValidationError).errors).sort()).toEqual(['logoUri', 'name', 'redirectUris', 'scopes']);
    }
  });

  it('does not let offline_access or openid be chosen: offline_access is added to every client', () => {
    expect(() => validateClientInput({ name: 'x', logoUri: null, redirectUris: ['https://a.example/cb'], scopes: ['offline_access'] })).toThrow(/Unknown scope/);
  });
});
