import { errors, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * Refuses a refresh naming a `resource` its grant was not issued for, with invalid_target, while the refresh
 * token is still unused. oidc-provider 9 resolves the resource of a refresh only after it has consumed (rotated)
 * the token (lib/actions/grants/refresh_token.js, then lib/helpers/resolve_resource.js), so its own
 * invalid_target left the client with a spent token, and the next refresh, a reuse, revoked the whole grant
 * (issue 19). It runs from rotateRefreshToken, which the grant calls with the token loaded, just before consuming
 * it; the same refusals as resolve_resource: several values, or one the token does not carry.
 */
export function refuseUngrantedRefreshTarget(ctx: KoaContextWithOIDC): void {
  const requested: unknown = ctx.oidc.params?.['resource'];
  if (requested === undefined) return;
  if (typeof requested !== 'string') throw new errors.InvalidTarget('only a single resource indicator value must be requested/resolved during Access Token Request');
  if (!ctx.oidc.entities.RefreshToken?.resourceIndicators.has(requested)) throw new errors.InvalidTarget();
}
