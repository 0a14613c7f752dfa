import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Principal, Scope } from '@cs/domain';

export const PUBLIC_ROUTE = 'cs:public';
export const REQUIRED_SCOPE = 'cs:scope';
export const API_KEY_ONLY = 'cs:api-key-only';

/** The route answers without credentials (health, OpenAPI document). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The route needs this scope; API keys hold every read scope. */
export const RequireScope = (scope: Scope) => SetMetadata(REQUIRED_SCOPE, scope);

/** Writes: API keys only; an OAuth access token (read-only by design) gets 403 api_key_required. */
export const ApiKeyOnly = () => SetMetadata(API_KEY_ONLY, true);

/** The authenticated caller. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  return ctx.switchToHttp().getRequest<{ user: Principal }>().user;
});
