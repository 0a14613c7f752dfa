import { exampleId } from '@cs/domain';
import { NO_PARAMS } from '@cs/paging';
import { z } from 'zod/v4';
import { declareRoute } from '../route-declaration';

/** Where the api serves its OpenAPI document. */
export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';
/** Where the api serves the human-readable reference of that document (apps/api/src/docs). */
export const API_REFERENCE_PATH = '/api/v1/docs';

const probeAnswer = (status: string) => z.strictObject({ status: z.literal(status) });

const OpenApiDocumentSchema = z.looseObject({ openapi: z.literal('3.1.0'), info: z.looseObject({}), paths: z.looseObject({}) });

export const ACCOUNT_ROUTES = {
  me: declareRoute({
    operationId: 'getMe',
    method: 'get',
    path: '/api/v1/me',
    tag: 'Account',
    summary: 'The current connection',
    description:
      'The user and workspace the token or API key is bound to. Any valid credential may call it; `email` is null unless the ' +
      '`email` scope was granted (API keys always carry it). Takes no parameters: any query parameter is a 400.',
    access: 'credential',
    query: { params: NO_PARAMS, documented: {} },
    success: {
      status: 200,
      description: 'The connection.',
      schema: 'Me',
      example: { user_id: exampleId('user'), email: 'ada@example.com', workspace_id: exampleId('workspace'), workspace_name: 'Acme' },
    },
    errors: [],
  }),
};

export const SERVICE_ROUTES = {
  openApiDocument: declareRoute({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: OPENAPI_DOCUMENT_PATH,
    tag: 'Service',
    summary: 'This OpenAPI document',
    description: 'The OpenAPI 3.1 description of this API. No credentials needed.',
    access: 'public',
    success: { status: 200, description: 'The OpenAPI document.', schema: OpenApiDocumentSchema },
    errors: [],
  }),
  apiReference: declareRoute({
    operationId: 'getApiReference',
    method: 'get',
    path: API_REFERENCE_PATH,
    tag: 'Service',
    summary: 'This API reference',
    description:
      `A human-readable reference of this document, rendered in the browser by a script the api serves itself. No credentials needed. ` +
      `The document itself is at \`${OPENAPI_DOCUMENT_PATH}\`.`,
    access: 'public',
    success: { status: 200, description: 'The reference page.', schema: z.string(), mediaType: 'text/html' },
    errors: [],
  }),
  apiReferenceScript: declareRoute({
    operationId: 'getApiReferenceScript',
    method: 'get',
    path: `${API_REFERENCE_PATH}/{file}`,
    tag: 'Service',
    summary: 'A script of the API reference',
    description:
      'The renderer the reference page loads, at a URL that changes with its content, so it may be cached for good. ' +
      'Any other file name is a 404. No credentials needed.',
    access: 'public',
    pathParams: { file: 'ReferenceFile' },
    success: { status: 200, description: 'The script.', schema: z.string(), mediaType: 'text/javascript' },
    errors: ['NotFound'],
  }),
  problemType: declareRoute({
    operationId: 'getProblemType',
    method: 'get',
    path: '/api/v1/problems/{code}',
    tag: 'Service',
    summary: 'Describe a problem type',
    description: 'Dereferences the `type` URL of a problem document: what the problem means and what to do about it. No credentials needed.',
    access: 'public',
    pathParams: { code: 'ProblemCode' },
    success: {
      status: 200,
      description: 'The problem type.',
      schema: 'ProblemType',
      example: {
        code: 'invalid_cursor',
        status: 400,
        title: 'Invalid cursor',
        description: 'The cursor is malformed, tampered with, expired, or issued for other filters or another caller. Restart from the first page.',
      },
    },
    errors: ['NotFound'],
  }),
  liveness: declareRoute({
    operationId: 'getLiveness',
    method: 'get',
    path: '/healthz',
    tag: 'Service',
    summary: 'Liveness probe',
    description: 'Answers 200 while the process is alive. No credentials needed.',
    access: 'public',
    success: { status: 200, description: 'Liveness probe', schema: probeAnswer('ok') },
    errors: [],
  }),
  readiness: declareRoute({
    operationId: 'getReadiness',
    method: 'get',
    path: '/readyz',
    tag: 'Service',
    summary: 'Readiness probe',
    description: 'Answers 200 when Postgres and Redis are reachable, else 503 `service_unavailable`.',
    access: 'public',
    success: { status: 200, description: 'Readiness probe', schema: probeAnswer('ready') },
    errors: [],
    ownProblem: { description: 'Postgres or Redis is not reachable.', codes: ['service_unavailable'] },
  }),
};
