/** The scope that lets a client refresh its tokens (OpenID Connect Core §11). */
export const OFFLINE_ACCESS = 'offline_access';

/**
 * Spec: offline_access is always granted, whether or not the client asked for it, so refresh works without asking
 * again. Every place that lists what a client gets (its registered scopes, the consent page, the grant, the
 * connection, the token response) adds it through here; the scopes keep their order and offline_access comes last, once.
 */
export function withOfflineAccess(scopes: Iterable<string>): string[] {
  return [...new Set([...scopes, OFFLINE_ACCESS])];
}

/**
 * The scopes a token response reports: the access token's, plus offline_access whenever a refresh token comes with
 * it. oidc-provider reports only the access token's scopes (the resource's), which would hide the grant.
 */
export function reportedTokenScope(body: { scope?: unknown; refresh_token?: unknown }): string | undefined {
  const scope = typeof body.scope === 'string' ? body.scope : undefined;
  if (typeof body.refresh_token !== 'string') return scope;
  return withOfflineAccess((scope ?? '').split(' ').filter(Boolean)).join(' ');
}
