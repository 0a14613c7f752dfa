/** Paths served by oidc-provider (spec "OAuth endpoints"); everything else is ours. */
export const OAUTH_ROUTES = {
  authorization: '/api/auth/oauth2/authorize',
  token: '/api/auth/oauth2/token',
  jwks: '/api/auth/oauth2/jwks',
  revocation: '/api/auth/oauth2/revoke',
  userinfo: '/api/auth/oauth2/userinfo',
  end_session: '/api/auth/oauth2/logout',
} as const;

export const isProviderPath = (path: string): boolean => path.startsWith('/api/auth/oauth2/') || path.startsWith('/.well-known/');

export const CLIENT_TYPE = 'conversations-external';
