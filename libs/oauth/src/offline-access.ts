/** The scope that lets a client refresh its tokens (OpenID Connect Core §11). */
export const OFFLINE_ACCESS = 'offline_access';

/**
 * Spec: offline_access is always granted, so refresh works without asking again. Every place that lists what a
 * client gets (its registered scopes, the consent page, the grant, the connection, the token response) adds it
 * through here; the scopes keep their order and offline_access comes last, once.
 */
export function withOfflineAccess(scopes: Iterable<string>): string[] {
  return [...new Set([...scopes, OFFLINE_ACCESS])];
}
