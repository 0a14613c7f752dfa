import { applyDecorators, Delete, Get, HttpCode, Patch, Post, Put, SetMetadata } from '@nestjs/common';
import { expressPath, type RouteAccess, type RouteDeclaration } from '@cs/api-routes';
import { UseQuota } from '@cs/nest-infrastructure';
import { ApiKeyOnly, Public, RequireScope } from '@cs/token-verification';

/** Where a handler keeps the declaration it serves, so a test can hold the served routes against the documented ones. */
export const ROUTE_DECLARATION = 'cs:route-declaration';

const METHOD = { get: Get, post: Post, put: Put, patch: Patch, delete: Delete } as const;

/** The guards' reading of the route's access (docs/api.md "Authentication"); `credential` is the guards' default. */
function accessDecorators(access: RouteAccess): MethodDecorator[] {
  if (access === 'public' || access === 'signed') return [Public()];
  if (access === 'api-key') return [ApiKeyOnly()];
  if (access === 'credential') return [];
  return [RequireScope(access.scope)];
}

/**
 * `@Route(CONVERSATION_ROUTES.list)`: binds the handler to the declared method and path, with the declared access,
 * rate-limit quota and success status. The OpenAPI operation comes from the same declaration (@cs/api-routes).
 */
export const Route = (route: RouteDeclaration): MethodDecorator =>
  applyDecorators(
    ...accessDecorators(route.access),
    ...(route.quota ? [UseQuota(route.quota)] : []),
    METHOD[route.method](expressPath(route.path)),
    HttpCode(route.success.status),
    SetMetadata(ROUTE_DECLARATION, route),
  );
