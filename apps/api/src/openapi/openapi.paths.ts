import { exampleId, schemaRef } from './openapi.schemas';
import { parameterRef, requestIdHeader, responseRef } from './openapi.components';
import type { JsonSchema, Operation, PathItem, Reference, Response, SecurityRequirement } from './openapi.types';

/** Any valid credential: an API key, or an OAuth access token carrying `scope` when one is named. */
const bearer = (scope?: string): SecurityRequirement[] => [{ bearerAuth: [] }, { oauth2: scope ? [scope] : [] }];

export const json = (description: string, schema: JsonSchema, example?: unknown): Response => ({
  description,
  headers: requestIdHeader,
  content: { 'application/json': { schema, ...(example === undefined ? {} : { examples: { example: { value: example } } }) } },
});

const PROBLEM_RESPONSE_STATUS = {
  BadRequest: '400',
  WriteBadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  WriteForbidden: '403',
  NotFound: '404',
  Conflict: '409',
  PayloadTooLarge: '413',
  UnsupportedMediaType: '415',
  TooManyRequests: '429',
  InternalError: '500',
  ServiceUnavailable: '503',
} as const;

export const problems = (...names: (keyof typeof PROBLEM_RESPONSE_STATUS)[]) => {
  const status = PROBLEM_RESPONSE_STATUS;
  return Object.fromEntries(names.map((name) => [status[name], responseRef(name)])) as Record<string, Reference>;
};

const pageParameters = [parameterRef('Limit'), parameterRef('Cursor')];

const scopeNote = (scope: string) =>
  `Requires the \`${scope}\` scope (API keys carry every scope). A token without it gets 403 \`insufficient_scope\`.`;

/** Where the api serves this document. */
export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';
/** Where the api serves its human-readable reference of this document (apps/api/src/docs). */
export const API_REFERENCE_PATH = '/api/v1/docs';

export const EXAMPLE_TIME = '2026-01-31T09:00:00.000Z';

export const exampleTag = { id: exampleId('tag'), name: 'Customer call', color: '#2f80ed' };

export const exampleConversationFields = {
  id: exampleId('conversation'),
  title: 'Weekly launch sync',
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
  status: 'ready',
  termination_reason: null,
  folder_id: exampleId('folder'),
  digest: 'Launch moves to March; pricing page needs legal review.',
  tags: [exampleTag],
};

const exampleSourceLite = { id: exampleId('source'), type: 'transcript', duration_seconds: 1800, language: 'eng' };

export function buildPaths(): Record<string, PathItem> {
  const listConversations: Operation = {
    operationId: 'listConversations',
    summary: 'List conversations',
    tags: ['Conversations'],
    description:
      'Conversations visible to the caller (owned by the caller, or shared with the workspace; being a workspace admin grants ' +
      'no extra reading), newest first: `created_at` descending, ties broken by `id` descending. Each entry carries its sources ' +
      'as SourceLite (no content) and no summary. Filters combine with AND. ' +
      scopeNote('conversations:read'),
    security: bearer('conversations:read'),
    parameters: [
      ...pageParameters,
      parameterRef('ConversationQuery'),
      parameterRef('ConversationFolderId'),
      parameterRef('ConversationRecursive'),
      parameterRef('Status'),
      parameterRef('CreatedAfter'),
      parameterRef('ConversationUpdatedAfter'),
      parameterRef('TagId'),
      parameterRef('RequestId'),
    ],
    responses: {
      '200': json('A page of conversations.', schemaRef('ConversationPage'), {
        data: [{ ...exampleConversationFields, sources: [exampleSourceLite] }],
        next_cursor: null,
        has_more: false,
      }),
      ...problems('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
    },
  };

  const search: Operation = {
    operationId: 'search',
    summary: 'Search conversations',
    tags: ['Conversations'],
    description:
      'Conversations whose title, digest, summary or source content matches `q`, best first, each with its `score` and up to five ' +
      'matching passages: for a transcript, the speaker turn with who said it and the second it starts at. Snippets mark matched ' +
      'terms `**like this**` (Markdown bold; every `*` and `\\` of the text itself is backslash-escaped). The same visibility as ' +
      'the lists: a conversation the caller may not see is never counted. Cursors are bound to the query, the filters and the ' +
      'caller. See docs/search.md. ' +
      scopeNote('conversations:read'),
    security: bearer('conversations:read'),
    parameters: [
      parameterRef('SearchQuery'),
      parameterRef('SearchLimit'),
      parameterRef('Cursor'),
      parameterRef('ConversationFolderId'),
      parameterRef('ConversationRecursive'),
      parameterRef('Status'),
      parameterRef('CreatedAfter'),
      parameterRef('TagId'),
      parameterRef('Speaker'),
      parameterRef('SourceType'),
      parameterRef('RequestId'),
    ],
    responses: {
      '200': json('A page of hits, best first.', schemaRef('SearchPage'), {
        data: [
          {
            conversation: { ...exampleConversationFields, sources: [exampleSourceLite] },
            score: 0.0708,
            matches: [
              {
                source_id: exampleId('source'),
                source_type: 'transcript',
                field: 'content',
                speaker: 'Ada',
                start_seconds: 754,
                snippet: 'the new **pricing** page goes live with the launch',
              },
            ],
          },
        ],
        next_cursor: null,
        has_more: false,
      }),
      ...problems('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
    },
  };

  const getConversation: Operation = {
    operationId: 'getConversation',
    summary: 'Retrieve a conversation',
    tags: ['Conversations'],
    description:
      'One conversation with its summary and every source in full (content, participants, attendees). Takes no query ' +
      'parameters (any is a 400). Unknown, malformed, other-workspace and invisible ids all answer the same 404. ' +
      scopeNote('conversations:read'),
    security: bearer('conversations:read'),
    parameters: [parameterRef('ConversationId'), parameterRef('RequestId')],
    responses: {
      '200': json('The conversation.', schemaRef('Conversation'), {
        ...exampleConversationFields,
        summary:
          'Ada and Grace discussed the launch date and the pricing page.\n\n## Launch date\n- The store review takes two more weeks.\n\n' +
          '## Decisions\n- Launch in March.\n\n## Action items\n- Grace: send the pricing page to legal (by Friday)',
        action_items: [{ text: 'send the pricing page to legal', owner: 'Grace', due: 'by Friday', source_id: exampleId('source'), start_seconds: 754 }],
        sources: [
          {
            ...exampleSourceLite,
            title: 'Recording',
            added_at: EXAMPLE_TIME,
            meeting_url: 'https://meet.example.com/abc-defg-hij',
            attendees: ['ada@example.com'],
            content: '[00:00:01] Ada: Shall we start?\n[00:00:04] Speaker 2: Yes.',
            participants: [{ name: 'Ada' }, { name: 'Speaker 2' }],
          },
        ],
      }),
      ...problems('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
    },
  };

  const listTags: Operation = {
    operationId: 'listTags',
    summary: 'List tags',
    tags: ['Tags'],
    description:
      'Every tag of the workspace, ordered by name (case-insensitive, ascending; ties broken by id ascending). Only `limit` and ' +
      '`cursor` are accepted. `applied_count` counts the conversations visible to the caller, of any status, that carry the tag; ' +
      'AI suggestions not accepted by the user are not counted. ' +
      scopeNote('conversations:read'),
    security: bearer('conversations:read'),
    parameters: [...pageParameters, parameterRef('RequestId')],
    responses: {
      '200': json('A page of tags.', schemaRef('TagPage'), {
        data: [{ ...exampleTag, description: 'Calls with customers.', applied_count: 12 }],
        next_cursor: null,
        has_more: false,
      }),
      ...problems('BadRequest', 'Unauthorized', 'Forbidden', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
    },
  };

  const listFolders: Operation = {
    operationId: 'listFolders',
    summary: 'List folders',
    tags: ['Folders'],
    description:
      'Folders visible to the caller (owned by the caller, or shared with the workspace), newest first: `created_at` descending, ' +
      'ties broken by `id` descending. With `folder_id`, only folders below it: any depth by default, direct children with ' +
      '`recursive=false`. ' +
      scopeNote('folders:read'),
    security: bearer('folders:read'),
    parameters: [...pageParameters, parameterRef('FolderFolderId'), parameterRef('FolderRecursive'), parameterRef('FolderUpdatedAfter'), parameterRef('RequestId')],
    responses: {
      '200': json('A page of folders.', schemaRef('FolderPage'), {
        data: [{ id: exampleId('folder'), name: 'Customers', parent_id: null, created_at: EXAMPLE_TIME }],
        next_cursor: null,
        has_more: false,
      }),
      ...problems('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
    },
  };

  const getMe: Operation = {
    operationId: 'getMe',
    summary: 'The current connection',
    tags: ['Account'],
    description:
      'The user and workspace the token or API key is bound to. Any valid credential may call it; `email` is null unless the ' +
      '`email` scope was granted (API keys always carry it). Takes no parameters: any query parameter is a 400.',
    security: bearer(),
    parameters: [parameterRef('RequestId')],
    responses: {
      '200': json('The connection.', schemaRef('Me'), {
        user_id: exampleId('user'),
        email: 'ada@example.com',
        workspace_id: exampleId('workspace'),
        workspace_name: 'Acme',
      }),
      ...problems('BadRequest', 'Unauthorized', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
    },
  };

  const getOpenApiDocument: Operation = {
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI document',
    tags: ['Service'],
    description: 'The OpenAPI 3.1 description of this API. No credentials needed.',
    security: [],
    responses: {
      '200': json('The OpenAPI document.', {
        type: 'object',
        required: ['openapi', 'info', 'paths'],
        properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
      }),
      ...problems('InternalError'),
    },
  };

  const getApiReference: Operation = {
    operationId: 'getApiReference',
    summary: 'This API reference',
    tags: ['Service'],
    description:
      `A human-readable reference of this document, rendered in the browser by a script the api serves itself. No credentials needed. ` +
      `The document itself is at \`${OPENAPI_DOCUMENT_PATH}\`.`,
    security: [],
    responses: {
      '200': { description: 'The reference page.', headers: requestIdHeader, content: { 'text/html': { schema: { type: 'string' } } } },
      ...problems('InternalError'),
    },
  };

  const getApiReferenceScript: Operation = {
    operationId: 'getApiReferenceScript',
    summary: 'A script of the API reference',
    tags: ['Service'],
    description:
      'The renderer the reference page loads, at a URL that changes with its content, so it may be cached for good. ' +
      'Any other file name is a 404. No credentials needed.',
    security: [],
    parameters: [{ name: 'file', in: 'path', required: true, description: 'The file name the reference page links.', schema: { type: 'string' } }],
    responses: {
      '200': { description: 'The script.', headers: requestIdHeader, content: { 'text/javascript': { schema: { type: 'string' } } } },
      ...problems('NotFound', 'InternalError'),
    },
  };

  const getProblemType: Operation = {
    operationId: 'getProblemType',
    summary: 'Describe a problem type',
    tags: ['Service'],
    description:
      'Dereferences the `type` URL of a problem document: what the problem means and what to do about it. No credentials needed.',
    security: [],
    parameters: [parameterRef('ProblemCode'), parameterRef('RequestId')],
    responses: {
      '200': json('The problem type.', schemaRef('ProblemType'), {
        code: 'invalid_cursor',
        status: 400,
        title: 'Invalid cursor',
        description: 'The cursor is malformed, tampered with, expired, or issued for other filters or another caller. Restart from the first page.',
      }),
      ...problems('NotFound', 'InternalError'),
    },
  };

  const health = (operationId: string, summary: string, description: string, status: string): Operation => ({
    operationId,
    summary,
    tags: ['Service'],
    description,
    security: [],
    responses: {
      '200': json(summary, {
        type: 'object',
        additionalProperties: false,
        required: ['status'],
        properties: { status: { const: status } },
      }),
    },
  });

  const readiness = health(
    'getReadiness',
    'Readiness probe',
    'Answers 200 when Postgres and Redis are reachable, else 503 `service_unavailable`.',
    'ready',
  );
  readiness.responses['503'] = {
    description: 'Postgres or Redis is not reachable.',
    headers: requestIdHeader,
    content: {
      'application/problem+json': {
        schema: {
          allOf: [schemaRef('Problem'), { type: 'object', properties: { code: { const: 'service_unavailable' }, status: { const: 503 } } }],
        },
      },
    },
  };

  return {
    '/api/v1/conversations': { get: listConversations },
    '/api/v1/conversations/{id}': { get: getConversation },
    '/api/v1/search': { get: search },
    '/api/v1/tags': { get: listTags },
    '/api/v1/folders': { get: listFolders },
    '/api/v1/me': { get: getMe },
    [OPENAPI_DOCUMENT_PATH]: { get: getOpenApiDocument },
    [API_REFERENCE_PATH]: { get: getApiReference },
    [`${API_REFERENCE_PATH}/{file}`]: { get: getApiReferenceScript },
    '/api/v1/problems/{code}': { get: getProblemType },
    '/healthz': { get: health('getLiveness', 'Liveness probe', 'Answers 200 while the process is alive. No credentials needed.', 'ok') },
    '/readyz': { get: readiness },
  };
}
