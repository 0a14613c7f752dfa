/** Paths served by oidc-provider (spec "OAuth endpoints"); everything else is ours. */
export const OAUTH_ROUTES = {
  authorization: '/api/auth/oauth2/authorize',
  token: '/api/auth/oauth2/token',
  jwks: '/api/auth/oauth2/jwks',
  revocation: '/api/auth/oauth2/revoke',
  userinfo: '/api/auth/oauth2/userinfo',
  end_session: '/api/auth/oauth2/logout',
  registration: '/api/auth/oauth2/register',
} as const;

/**
 * The templates of the routes oidc-provider answers with the features enabled here (its
 * lib/helpers/initialize_app.js): the `route` label of their metrics. `:uid` is an authorization's resume id,
 * which must never become a label value.
 */
export const PROVIDER_ROUTE_TEMPLATES: readonly string[] = [
  ...Object.values(OAUTH_ROUTES),
  `${OAUTH_ROUTES.authorization}/:uid`,
  `${OAUTH_ROUTES.registration}/:clientId`,
  `${OAUTH_ROUTES.end_session}/confirm`,
  `${OAUTH_ROUTES.end_session}/success`,
  '/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server',
];

export const isProviderPath = (path: string): boolean => path.startsWith('/api/auth/oauth2/') || path.startsWith('/.well-known/');

export const CLIENT_TYPE = 'conversations-external';
