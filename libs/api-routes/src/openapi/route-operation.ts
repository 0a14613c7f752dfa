import { PROBLEM_STATUS } from '@cs/domain';
import type { z } from 'zod/v4';
import { type RouteAccess, type RouteDeclaration } from '../route-declaration';
import { parameterRef, type ParameterName, PROBLEM_MEDIA_TYPE, PROBLEM_RESPONSE_STATUS, problemSchema, type ProblemResponseName, requestIdHeader, responseRef } from './components';
import { requestSchema, schemaRef } from './component-schemas';
import type { JsonSchema, Operation, Reference, Response, SecurityRequirement } from './openapi.types';

const IDEMPOTENT_NOTE = 'Send an `Idempotency-Key` to make retries safe.';

const scopeNote = (scope: string) =>
  `Requires the \`${scope}\` scope (API keys carry every scope). A token without it gets 403 \`insufficient_scope\`.`;

const replayedHeader = {
  'Idempotent-Replayed': {
    description: 'Present (`true`) when the answer is the replay of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', const: 'true' },
  },
};


/** What the access asks of a caller, in OpenAPI's terms: an API key, or an OAuth token with the scope named. */
function securityOf(access: RouteAccess): SecurityRequirement[] {
  if (access === 'public' || access === 'signed') return [];
  if (access === 'api-key') return [{ bearerAuth: [] }];
  return [{ bearerAuth: [] }, { oauth2: access === 'credential' ? [] : [access.scope] }];
}

function descriptionOf(route: RouteDeclaration): string {
  const notes = [route.description];
  if (route.idempotent) notes.push(IDEMPOTENT_NOTE);
  if (typeof route.access === 'object') notes.push(scopeNote(route.access.scope));
  return notes.join(' ');
}

/** Path parameters first, then the query's in its documented order, then the headers every request may send. */
function parametersOf(route: RouteDeclaration): Reference[] {
  const names: ParameterName[] = [
    ...(Object.values(route.pathParams ?? {}) as ParameterName[]),
    ...(Object.values(route.query?.documented ?? {}) as ParameterName[]),
    ...(route.idempotent ? (['IdempotencyKey'] as const) : []),
    'RequestId',
  ];
  return names.map(parameterRef);
}

function successOf(route: RouteDeclaration): Response {
  const { description, schema, example, mediaType = 'application/json' } = route.success;
  const headers = route.idempotent ? { ...requestIdHeader, ...replayedHeader } : requestIdHeader;
  if (schema === undefined) return { description, headers };
  const rendered: JsonSchema = typeof schema === 'string' ? schemaRef(schema) : requestSchema(schema as z.ZodType);
  const examples = example === undefined ? {} : { examples: { example: { value: example } } };
  return { description, headers, content: { [mediaType]: { schema: rendered, ...examples } } };
}

function bodyOf(route: RouteDeclaration): Operation['requestBody'] {
  if (!route.body) return undefined;
  const content: Record<string, { schema: JsonSchema }> = { 'application/json': { schema: requestSchema(route.body.json) } };
  if (route.body.multipart) content['multipart/form-data'] = { schema: requestSchema(route.body.multipart) };
  return { required: true, content };
}

/** Every problem a route can answer: what its parts imply, and what its own logic adds. */
function problemsOf(route: RouteDeclaration): ProblemResponseName[] {
  const { access } = route;
  const authenticated = access !== 'public' && access !== 'signed';
  const problems: ProblemResponseName[] = [];
  if (route.query) problems.push('BadRequest');
  // A body, or an Idempotency-Key, is checked like a write's body: 400 invalid_parameter / invalid_body.
  if (route.body || route.idempotent) problems.push('WriteBadRequest');
  if (route.body) problems.push('PayloadTooLarge', 'UnsupportedMediaType');
  if (access !== 'public') problems.push('Unauthorized');
  if (access === 'api-key') problems.push('WriteForbidden');
  if (typeof access === 'object') problems.push('Forbidden');
  if (authenticated) problems.push('TooManyRequests');
  if (access !== 'public') problems.push('ServiceUnavailable');
  problems.push('InternalError', ...route.errors);
  return problems;
}

/** The OpenAPI operation of a route, all of it derived from its declaration. */
export function operationOf(route: RouteDeclaration): Operation {
  const responses: Record<string, Response | Reference> = { [String(route.success.status)]: successOf(route) };
  for (const name of problemsOf(route)) responses[PROBLEM_RESPONSE_STATUS[name]] = responseRef(name);
  if (route.ownProblem) {
    const { description, codes } = route.ownProblem;
    responses[String(PROBLEM_STATUS[codes[0]!])] = {
      description,
      headers: requestIdHeader,
      content: { [PROBLEM_MEDIA_TYPE]: { schema: problemSchema(codes) } },
    };
  }
  const bodies = bodyOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: descriptionOf(route),
    tags: [route.tag],
    security: securityOf(route.access),
    parameters: parametersOf(route),
    ...(bodies ? { requestBody: bodies } : {}),
    responses,
  };
}
