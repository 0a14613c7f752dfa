import { OAUTH_ROUTES } from '../oidc/oauth-routes';

/**
 * The authorization request an interaction was started by, asked again with `prompt=login`: "Not you? Switch
 * account" on the consent page signs the browser out and sends it here, so the other person signs in and consents
 * to the very same request (same client, redirect URI, state and PKCE challenge), and the app gets its callback.
 */
export function sameAuthorizationWithSignIn(params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && name !== 'prompt') query.set(name, value);
  }
  const prompts = new Set(typeof params['prompt'] === 'string' ? params['prompt'].split(' ').filter(Boolean) : []);
  prompts.add('login');
  query.set('prompt', [...prompts].join(' '));
  return `${OAUTH_ROUTES.authorization}?${query.toString()}`;
}
