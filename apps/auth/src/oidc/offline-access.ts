/**
 * The contract grants offline_access with every authorization, whether or not the client asked for it, so that
 * refresh works without asking the user again. oidc-provider reports in a token response's `scope` only the
 * access token's scopes (the resource's), which would hide that grant although a refresh token is issued.
 */
export const OFFLINE_ACCESS = 'offline_access';

/** The scopes a token response reports: the access token's, plus offline_access whenever a refresh token comes with it. */
export function reportedTokenScope(body: { scope?: unknown; refresh_token?: unknown }): string | undefined {
  const scope = typeof body.scope === 'string' ? body.scope : undefined;
  if (typeof body.refresh_token !== 'string') return scope;
  const scopes = (scope ?? '').split(' ').filter(Boolean);
  return scopes.includes(OFFLINE_ACCESS) ? scope : [...scopes, OFFLINE_ACCESS].join(' ');
}
