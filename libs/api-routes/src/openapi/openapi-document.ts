import { createDocument, type ZodOpenApiObject } from 'zod-openapi';
import { API_ROUTES } from '../api-routes';
import { API_REFERENCE_PATH } from '../routes/service.routes';
import { buildResponses, buildSecuritySchemes, HEADERS, PARAMETERS } from './components';
import { buildProblemSchemas, JSON_BODY_SIZE, READ_SCHEMAS, UPLOAD_SIZE, WEBHOOK_SCHEMAS, WRITE_SCHEMAS } from './component-schemas';
import { operationOf } from './route-operation';
import type { OpenApiDocument, PathItem } from './openapi.types';

const DESCRIPTION = `
The conversations (transcribed meetings and notebooks), folders and tags of one workspace: reads with an API key or an
OAuth access token, writes with an API key.

## Writes
Writes (POST, PATCH, PUT, DELETE) accept API keys only; an OAuth access token gets 403 \`api_key_required\`. Bodies are JSON
(\`application/json\`, at most ${JSON_BODY_SIZE}), except file uploads (\`multipart/form-data\`, at most ${UPLOAD_SIZE} per file). Unknown fields are
rejected. Every write answers with the resource as it is afterwards. POSTs accept an \`Idempotency-Key\`. Conversations and folders are
changed by their owner only; tags by any member. A new or changed conversation is processed in the background: it is \`pending\` until
it becomes \`ready\` or \`error\` (with an \`error_reason\` in the \`conversation.failed\` event).

## Authentication
Every \`/api/v1\` call except this document, its human-readable reference (\`${API_REFERENCE_PATH}\`) and the problem types carries
\`Authorization: Bearer <token>\`, where the token is an API key (\`sk_…\`) or an OAuth 2.0 access token. A token or key is bound
to one user in one workspace. Scopes are enforced per operation: conversations and tags need \`conversations:read\`, folders need
\`folders:read\`, \`/me\` needs any valid token. API keys carry every scope.

## Visibility
A conversation or folder is visible to a user who owns it or whose visibility is \`workspace\`. Being a workspace admin grants no
extra reading. An id that is unknown, malformed, of another workspace or not visible answers the same 404 \`not_found\`, so
responses never reveal that something exists.

## Pagination
Lists are keyset-paginated. Pass \`next_cursor\` as \`cursor\` until \`has_more\` is false. Cursors are opaque and signed: do not
parse, build or store them. A cursor expires 24 hours after it was issued and is bound to the endpoint, its filters and the caller.
The filters of a follow-up request come from the cursor: repeating them unchanged is allowed, changing them is a 400
\`invalid_cursor\`; \`limit\` may change between pages. On a 400 \`invalid_cursor\`, restart from the first page.

## Parameters
Unknown parameters, a single-valued parameter given twice, empty values and malformed or out-of-range values are rejected with
400 \`invalid_parameter\`, never silently corrected; \`invalid_params\` lists each rejected parameter with its reason.

## Rate limits
Each API key or OAuth grant may make 600 reads (GET) and 120 writes per minute by default (the operator sets
\`RATE_LIMIT_READS_PER_MINUTE\` and \`RATE_LIMIT_WRITES_PER_MINUTE\`), counted across all replicas. Authenticated answers carry
\`RateLimit-Policy\` and \`RateLimit\` (draft-ietf-httpapi-ratelimit-headers-10); over the quota the answer is 429 \`rate_limited\`
with \`Retry-After\` in seconds. A replica at capacity (more requests in flight than it takes at once) also answers 429
\`rate_limited\`, at once, with \`Retry-After: 1\` and without the RateLimit fields: retry after the delay, as for a quota.

## Webhooks
Workspace admins subscribe endpoints to \`conversation.ready\`, \`conversation.failed\` and \`conversation.deleted\` (and can send
\`webhook.test\`). Each request is a POST of the event envelope \`{ id, type, created_at, data }\` signed per Standard Webhooks
(\`webhook-id\` = the event id, \`webhook-timestamp\`, \`webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>\` with the
webhook's \`whsec_\` secret). A 2xx within 5 seconds is success; anything else is retried with backoff for about 7 hours.

## Errors
Errors are RFC 9457 problem documents (\`application/problem+json\`) with \`type\`, \`title\`, \`status\`, \`detail\`, a stable \`code\`
and \`request_id\`; GET the \`type\` URL for a description. Every response carries \`X-Request-Id\`: the caller's own when it matches
\`^[A-Za-z0-9._-]{1,128}$\`, otherwise a generated one.

| code | status |
|---|---|
| invalid_parameter | 400 |
| invalid_cursor | 400 |
| invalid_body | 400 |
| invalid_token | 401 |
| insufficient_scope | 403 |
| api_key_required | 403 |
| forbidden | 403 |
| not_found | 404 |
| conflict | 409 |
| idempotency_key_reused | 409 |
| payload_too_large | 413 |
| unsupported_media_type | 415 |
| rate_limited | 429 |
| internal_error | 500 |
`.trim();

/**
 * The OpenAPI 3.1 document of the REST API, served at /api/v1/openapi.json and committed as apps/api/openapi.json
 * (`nx run api:openapi` writes it; a unit test fails when the two drift apart). Each operation is derived from its
 * route's declaration (route-operation.ts); zod-openapi renders the zod schemas of the libs (docs/contract.md) and
 * references each registered one by name.
 */
export function buildOpenApiDocument(publicApiUrl: string, publicAuthUrl = 'http://localhost:3001'): OpenApiDocument {
  const apiUrl = publicApiUrl.replace(/\/+$/, '');
  const authUrl = publicAuthUrl.replace(/\/+$/, '');
  const document = {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Conversation Service API',
      version: '1.0.0',
      description: DESCRIPTION,
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: apiUrl, description: 'This deployment' }],
    tags: [
      { name: 'Conversations', description: 'Transcribed meetings and notebooks with their sources.' },
      { name: 'Tags', description: 'The tag catalog of the workspace.' },
      { name: 'Folders', description: 'Folders that organise conversations.' },
      { name: 'Bots', description: 'Recorder bots that join meetings and record them into conversations.' },
      { name: 'Webhooks', description: 'Webhook subscriptions and their delivery log; workspace admins only.' },
      { name: 'Events', description: 'The events feed a copy of the workspace follows, and the event catalog.' },
      { name: 'Account', description: 'The connection itself.' },
      { name: 'Service', description: 'Documentation and probes; no credentials needed.' },
    ],
    security: [{ bearerAuth: [] }, { oauth2: [] }],
    paths: pathsOf(API_ROUTES),
    components: {
      schemas: { ...READ_SCHEMAS, ...buildProblemSchemas(apiUrl), ...WRITE_SCHEMAS, ...WEBHOOK_SCHEMAS },
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: buildResponses(apiUrl),
      securitySchemes: buildSecuritySchemes(authUrl),
    },
  };
  // openapi.types.ts types the subset of OpenAPI 3.1 this document uses; zod-openapi types all of 3.x.
  return createDocument(document as unknown as ZodOpenApiObject) as unknown as OpenApiDocument;
}

/** The routes of one path share its path item. */
function pathsOf(routes: typeof API_ROUTES): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route) };
  return paths;
}
