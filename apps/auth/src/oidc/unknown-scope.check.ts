import { OFFLINE_ACCESS } from '@cs/oauth';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';

/** Every scope this server grants; oidc-provider's `scopes` configuration and the check below read it. */
export const SUPPORTED_SCOPES: readonly string[] = ['openid', OFFLINE_ACCESS, 'email', 'folders:read', 'conversations:read'];

const SUPPORTED: ReadonlySet<string> = new Set(SUPPORTED_SCOPES);

/**
 * Refuses an authorization request naming a scope this server does not know, with invalid_scope (RFC 6749
 * §4.1.2.1); oidc-provider 9 drops such scopes silently (lib/actions/authorization/scopes.js checks only the
 * configured ones), so a client asking for a misspelt scope got a grant without it (issue 19). It is registered
 * as the `scope` parameter's extraParams validator, the hook oidc-provider runs after the client and redirect URI
 * have been checked, so the refusal goes back to the client's redirect URI.
 */
export function refuseUnknownScopes(_ctx: KoaContextWithOIDC, scope: string | undefined): void {
  const unknown = (scope ?? '').split(' ').filter((s) => s !== '' && !SUPPORTED.has(s));
  if (unknown.length > 0) throw new errors.InvalidScope('requested scope is not supported', unknown.join(' '));
}
