import type { OwnQuota, ProblemCode, Scope } from '@cs/domain';
import type { QueryParams } from '@cs/paging';
import type { z } from 'zod/v4';
import type { ParameterName } from './openapi/components';
import type { ComponentSchemaName } from './openapi/component-schemas';
import type { HttpMethod } from './openapi/openapi.types';

/**
 * Who may call a route. The api's guards enforce it (apps/api route.decorator.ts) and the OpenAPI operation states it
 * (route-operation.ts), both from this one value.
 * - `public`: no credentials (the document, the reference, probes, problem types);
 * - `signed`: no bearer token, but a signature the handler checks (the recorders' callbacks);
 * - `credential`: any valid API key or OAuth access token;
 * - `{ scope }`: an API key, or an OAuth access token carrying the scope;
 * - `api-key`: API keys only (writes, bots, webhooks).
 */
export type RouteAccess = 'public' | 'signed' | 'credential' | { scope: Scope } | 'api-key';

export type ApiTag = 'Conversations' | 'Tags' | 'Folders' | 'Bots' | 'Webhooks' | 'Events' | 'Account' | 'Service';

/** The names a path template binds: `/conversations/{id}/tags/{tag_id}` gives `id | tag_id`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

export interface SuccessResponse {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** A registered component's name, or a schema of its own (probes, the document itself). Absent for 204. */
  schema?: ComponentSchemaName | z.ZodType;
  example?: unknown;
  /** `application/json` unless named: the reference page and its script are HTML and JavaScript. */
  mediaType?: 'application/json' | 'application/x-ndjson' | 'text/html' | 'text/javascript';
}

/**
 * One route of the REST API, declared once (its path parameters, each by the documented parameter that describes
 * it, in PathParamsOf). The api binds its handler to it (method, path, access, query validation),
 * the OpenAPI document renders its operation from it, and an MCP tool that wraps it takes its input schema and scope
 * from it. docs/contract.md "Routes".
 */
export type RouteDeclaration<P extends string = string, S extends z.ZodObject = z.ZodObject> = RouteFields<P, S> & PathParamsOf<P>;

/** A path with parameters must describe each; one without takes none. */
type PathParamsOf<P extends string> = string extends P
  ? { pathParams?: Record<string, ParameterName> }
  : [PathParamNames<P>] extends [never]
    ? { pathParams?: never }
    : { pathParams: Record<PathParamNames<P>, ParameterName> };

interface RouteFields<P extends string, S extends z.ZodObject> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI's template form (`{id}`); the Nest binding derives `:id` from it. */
  path: P;
  tag: ApiTag;
  summary: string;
  description: string;
  access: RouteAccess;
  /**
   * The query string: validated by `params` at the edge (unknown or repeated parameters are a 400) and documented by the
   * named parameters, one per field of its schema, in the order given.
   */
  query?: { params: QueryParams<S>; documented: Record<keyof z.input<S> & string, ParameterName> };
  /**
   * The rate-limit quota it counts against, where not its method's (reads, writes): the export's own, so that exports
   * and the other reads never use up each other's.
   */
  quota?: OwnQuota;
  /** A POST that takes an `Idempotency-Key`: the header, the note and the `Idempotent-Replayed` answer header follow. */
  idempotent?: boolean;
  /** The JSON body's schema (a registered lib schema), and where a file may be uploaded instead, the multipart form's. */
  body?: { json: z.ZodType; multipart?: z.ZodType };
  success: SuccessResponse;
  /**
   * The problems only this route's own logic answers. The rest follow from the declaration (route-operation.ts): a
   * query can be refused, a body too (and be too large or of the wrong type), a credential can be missing or lack
   * the access, any authenticated call can be rate limited or find the database unavailable, anything can fail.
   */
  errors: ('NotFound' | 'Conflict')[];
  /** A problem response of its own where no registered one fits (readiness's 503 has no Retry-After). */
  ownProblem?: { description: string; codes: ProblemCode[] };
}

/** Keeps a declaration's literal path, so its path parameters are checked against the template. */
export const declareRoute = <P extends string, S extends z.ZodObject = z.ZodObject>(route: RouteDeclaration<P, S>): RouteDeclaration<P, S> => route;

/** Nest's form of the path: `{id}` becomes `:id`. */
export const expressPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

export const requiredScope = (access: RouteAccess): Scope | undefined => (typeof access === 'object' ? access.scope : undefined);
