import { sameAuthorizationWithSignIn } from './switch-account';

describe('sameAuthorizationWithSignIn', () => {
  it('asks the same authorization request again, with a sign-in first', () => {
    const url = new URL(
      sameAuthorizationWithSignIn({ client_id: 'ext_1', redirect_uri: 'https://a.example/cb', scope: 'openid email', state: 's&1', code_challenge: 'c', code_challenge_method: 'S256', nonce: undefined }),
      'https://auth.example',
    );
    expect(url.pathname).toBe('/api/auth/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'ext_1',
      redirect_uri: 'https://a.example/cb',
      scope: 'openid email',
      state: 's&1',
      code_challenge: 'c',
      code_challenge_method: 'S256',
      prompt: 'login',
    });
  });

  it('keeps a prompt the request had, adding login', () => {
    const url = new URL(sameAuthorizationWithSignIn({ client_id: 'ext_1', prompt: 'consent' }), 'https://auth.example');
    expect(url.searchParams.get('prompt')).toBe('consent login');
  });
});
