import { requiredScope, type RouteDeclaration } from '@cs/api-routes';
import type { Scope } from '@cs/domain';
import type { JsonSchema, QueryParams } from '@cs/paging';
import type { z } from 'zod/v4';

/**
 * A tool's inputSchema: the JSON Schema of the catalog's own parameter schema (so types, bounds, enums and defaults
 * are the REST API's), with every parameter described for a model.
 */
export function toolInput<S extends z.ZodObject>(params: QueryParams<S>, descriptions: Record<keyof z.input<S> & string, string>): JsonSchema {
  const properties = params.jsonSchema['properties'] as Record<string, JsonSchema>;
  const described = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, { ...schema, description: (descriptions as Record<string, string>)[name] }]),
  );
  return { ...params.jsonSchema, properties: described };
}

/**
 * What a tool that wraps a REST read takes from the route's declaration (@cs/api-routes): the query schema that
 * validates its arguments and the scope a token needs, so the tool and the endpoint cannot drift apart.
 */
export function wrappedRoute<S extends z.ZodObject>(route: RouteDeclaration<string, S>): { params: QueryParams<S>; scope: Scope | null } {
  if (!route.query) throw new Error(`${route.operationId} declares no query for a tool to take.`);
  if (route.access !== 'credential' && typeof route.access !== 'object') throw new Error(`${route.operationId} is not a read an OAuth token may make.`);
  return { params: route.query.params, scope: requiredScope(route.access) ?? null };
}
