import { EXPORT_PARAMS, LIST_CONVERSATIONS_PARAMS, LIST_EVENTS_PARAMS, LIST_FOLDERS_PARAMS, LIST_SEGMENTS_PARAMS, MAX_TAG_FILTERS, SEGMENT_LIMITS } from '@cs/catalog';
import { LIST_DELIVERIES_PARAMS } from '@cs/webhook-subscriptions';
import { DEFAULT_LIMIT, MAX_LIMIT } from '@cs/paging';
import { MAX_MATCHES_PER_HIT, SEARCH_DEFAULT_LIMIT, SEARCH_PARAMS } from '@cs/search';
import { PROBLEM_STATUS, type ProblemCode, RATE_LIMIT_QUOTAS, REQUEST_ID_PATTERN } from '@cs/domain';
import { exampleId, JSON_BODY_SIZE, schemaRef, UPLOAD_SIZE } from './component-schemas';
import type { Header, JsonSchema, Parameter, Reference, Response, SecurityScheme } from './openapi.types';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export const parameterRef = (name: string): Reference => ({ $ref: `#/components/parameters/${name}` });
export const responseRef = (name: string): Reference => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: string): Reference => ({ $ref: `#/components/headers/${name}` });

/** Query parameters take their schemas from the catalog's, which validate them. */
const conversations = LIST_CONVERSATIONS_PARAMS;
const folders = LIST_FOLDERS_PARAMS;
const search = SEARCH_PARAMS;

const QUOTA_NAMES = RATE_LIMIT_QUOTAS.join('|');

const QUERY_SYNTAX =
  'Websearch syntax: words (all must match, in the same passage), `"quoted phrases"`, `-excluded` words and `OR`. Case and ' +
  'diacritics are ignored; words are stemmed by the language of each source (docs/search.md). 1 to 500 characters with at least one ' +
  'word to find: missing, empty, only whitespace, operators or excluded words, or longer is a 400 `invalid_parameter` naming `q`.';

const recursive = (what: string, schema: JsonSchema): Parameter => ({
  name: 'recursive',
  in: 'query',
  description:
    `Applies when \`folder_id\` is set (ignored without it). \`true\` (default): ${what} at any depth below the folder. ` +
    `\`false\`: only ${what} directly in it. Exactly \`true\` or \`false\`; anything else (\`1\`, \`yes\`, \`maybe\`) is a 400.`,
  schema,
});

const folderId = (what: string, schema: JsonSchema): Parameter => ({
  name: 'folder_id',
  in: 'query',
  description:
    `Restrict to ${what} inside this folder (see \`recursive\`). A folder id that does not exist, belongs to another workspace ` +
    'or is not visible to the caller answers 404 `not_found`, the same in every case.',
  schema,
  example: exampleId('folder'),
});

export const PARAMETERS = {
  Limit: {
    name: 'limit',
    in: 'query',
    description:
      `Page size, ${1} to ${MAX_LIMIT}; default ${DEFAULT_LIMIT}. Decimal digits only: \`0\`, \`101\`, \`abc\`, \`2.5\` or \`-1\` is a 400 ` +
      '`invalid_parameter`, never silently clamped. It may change from one page to the next.',
    schema: conversations.property('limit'),
  },
  Cursor: {
    name: 'cursor',
    in: 'query',
    description:
      'Opaque value copied from the previous page\'s `next_cursor`; omit it on the first page. Cursors are signed and expire ' +
      '24 hours after they were issued. A cursor is bound to the endpoint, the filters and the caller (user and workspace) ' +
      'it was issued for: the filters of the next page are taken from the cursor, so filter parameters may be omitted or repeated ' +
      'unchanged, but a different value is a 400 `invalid_cursor`. A tampered, truncated, expired or foreign cursor is a 400 ' +
      '`invalid_cursor`; the client then restarts from the first page.',
    schema: conversations.property('cursor'),
  },
  Status: {
    name: 'status',
    in: 'query',
    description: 'Processing state to return. Default `ready`; `all` returns every status (including conversations whose status is null).',
    schema: conversations.property('status'),
  },
  CreatedAfter: {
    name: 'created_after',
    in: 'query',
    description:
      'Only conversations created strictly after this instant (a conversation created exactly at it is excluded). An RFC 3339 ' +
      'date-time with a time zone, `Z` or `±hh:mm`, e.g. `2026-01-31T09:00:00Z`; fractional seconds allowed. A bare date, a local ' +
      'time without offset or a word such as `yesterday` is a 400 `invalid_parameter`.',
    schema: conversations.property('created_after'),
    example: '2026-01-31T09:00:00Z',
  },
  ExportCursor: {
    name: 'cursor',
    in: 'query',
    description:
      'The `cursor` of the last line received, to resume an export that was cut: the stream goes on with the conversation after ' +
      'it, with the filters it was started with. Bound, signed and expiring as the lists\' cursors are: a different filter, or a ' +
      'tampered, expired or foreign cursor, is a 400 `invalid_cursor`.',
    schema: EXPORT_PARAMS.property('cursor'),
  },
  ExportStatus: {
    name: 'status',
    in: 'query',
    description: 'Processing state to export. Default `all` (every conversation, including those whose status is null), unlike the list.',
    schema: EXPORT_PARAMS.property('status'),
  },
  SearchQuery: {
    name: 'q',
    in: 'query',
    required: true,
    description: `What to find in titles, digests, summaries and the content of every source. ${QUERY_SYNTAX}`,
    schema: search.property('q'),
    example: 'pricing "launch date" -draft',
  },
  ConversationQuery: {
    name: 'q',
    in: 'query',
    description:
      `Only conversations whose title, digest, summary or source content matches this query; the list keeps its order, cursors ` +
      `and other filters (GET /api/v1/search ranks instead). ${QUERY_SYNTAX}`,
    schema: conversations.property('q'),
    example: 'pricing',
  },
  Speaker: {
    name: 'speaker',
    in: 'query',
    description: "A participant's name (case ignored): only what this speaker said matches, so only transcript turns.",
    schema: search.property('speaker'),
    example: 'Ada Lovelace',
  },
  SourceType: {
    name: 'source_type',
    in: 'query',
    description:
      'Repeat the parameter (`source_type=transcript&source_type=file`) to match only in the content of sources of ANY of these ' +
      'types; titles, digests and summaries then do not match.',
    style: 'form',
    explode: true,
    schema: search.property('source_type'),
  },
  SearchLimit: {
    name: 'limit',
    in: 'query',
    description: `Hits per page, 1 to ${MAX_LIMIT}; default ${SEARCH_DEFAULT_LIMIT}. Each hit carries at most ${MAX_MATCHES_PER_HIT} matches.`,
    schema: search.property('limit'),
  },
  ConversationUpdatedAfter: {
    name: 'updated_after',
    in: 'query',
    description:
      'Only conversations changed strictly after this instant: title, folder, tags (applied, removed, a suggestion accepted), ' +
      'sources, visibility, or processing (status, summary, digest). Same format as `created_after`. The list keeps its order ' +
      '(`created_at` descending). `updated_at` is the time of the write, not of its commit: a sync client should look back a ' +
      'little (a minute) or, for an exact copy, follow GET /api/v1/events.',
    schema: conversations.property('updated_after'),
    example: '2026-01-31T09:00:00Z',
  },
  FolderUpdatedAfter: {
    name: 'updated_after',
    in: 'query',
    description: 'Only folders changed (renamed, moved, shared differently) strictly after this instant. Same format as `created_after`.',
    schema: folders.property('updated_after'),
    example: '2026-01-31T09:00:00Z',
  },
  ConversationFolderId: folderId('conversations', conversations.property('folder_id')),
  ConversationRecursive: recursive('conversations', conversations.property('recursive')),
  FolderFolderId: folderId('folders', folders.property('folder_id')),
  FolderRecursive: recursive('folders', folders.property('recursive')),
  TagId: {
    name: 'tag_id',
    in: 'query',
    description:
      `Repeat the parameter (\`tag_id=a&tag_id=b\`, at most ${MAX_TAG_FILTERS}) to return conversations having ANY of the tags. ` +
      'Only tags actually applied count: AI suggestions the user has not accepted never match. Tag ids come from GET /api/v1/tags; ' +
      'an id that is not a tag of the workspace answers 404 `not_found`.',
    style: 'form',
    explode: true,
    schema: conversations.property('tag_id'),
  },
  ConversationId: {
    name: 'id',
    in: 'path',
    required: true,
    description:
      'The conversation id. An unknown id, a malformed one, an id of another workspace and an id of a conversation the caller ' +
      'may not see all answer the same 404 `not_found`.',
    schema: { type: 'string' },
    example: exampleId('conversation'),
  },
  FolderId: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The folder id. Unknown, malformed, other-workspace and invisible ids all answer the same 404 `not_found`.',
    schema: { type: 'string' },
    example: exampleId('folder'),
  },
  TagIdPath: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The tag id. Unknown, malformed and other-workspace ids answer 404 `not_found`.',
    schema: { type: 'string' },
    example: exampleId('tag'),
  },
  AppliedTagId: {
    name: 'tag_id',
    in: 'path',
    required: true,
    description: 'A tag of the workspace (GET /api/v1/tags). An unknown one is a 404 `not_found`.',
    schema: { type: 'string' },
    example: exampleId('tag'),
  },
  BotId: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The bot id. Unknown, malformed, other-workspace and invisible ids all answer the same 404 `not_found`.',
    schema: { type: 'string' },
    example: exampleId('bot'),
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    description:
      'Makes a POST safe to retry (as Stripe does): a repeat with the same key within 24 hours, from the same user in the same ' +
      'workspace, gets the first answer again (with `Idempotent-Replayed: true`) and changes nothing; the same key with another ' +
      'method, path or body is a 409 `idempotency_key_reused`. A request that failed is not remembered. 1 to 255 visible ASCII characters.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
    example: '5d2b9a0e-7c11-4f36-9d1a-8a3c1f0b2e47',
  },
  ProblemCode: {
    name: 'code',
    in: 'path',
    required: true,
    description: 'A problem code, the last segment of a problem document\'s `type` URL.',
    schema: { type: 'string' },
    example: 'invalid_cursor',
  },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    description:
      `Optional correlation id. When it matches \`${REQUEST_ID_PATTERN}\` it is echoed in the \`X-Request-Id\` response header ` +
      'and in problem documents; otherwise the service generates one.',
    schema: { type: 'string' },
  },
  WebhookId: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The webhook id.',
    schema: { type: 'string' },
    example: exampleId('webhook'),
  },
  DeliveryId: {
    name: 'delivery_id',
    in: 'path',
    required: true,
    description: 'The delivery id, from the delivery log.',
    schema: { type: 'string' },
    example: exampleId('delivery'),
  },
  DeliveryStatus: {
    name: 'status',
    in: 'query',
    description: '`failed` lists only deliveries whose every attempt failed; default `all`.',
    schema: LIST_DELIVERIES_PARAMS.property('status'),
  },
  EventId: { name: 'id', in: 'path', required: true, description: 'The event id.', schema: { type: 'string' }, example: exampleId('event') },
  EventType: {
    name: 'type',
    in: 'query',
    description: 'Only these event types; repeat the parameter (`type=a&type=b`).',
    style: 'form',
    explode: true,
    schema: LIST_EVENTS_PARAMS.property('type'),
  },
  EventAfter: {
    name: 'after',
    in: 'query',
    description: 'An event id: the events after it. Unknown, invisible or purged ids are a 400 naming `after`: list again.',
    schema: LIST_EVENTS_PARAMS.property('after'),
  },
  EventCreatedAfter: {
    name: 'created_after',
    in: 'query',
    description: 'Only events that happened strictly after this RFC 3339 date-time.',
    schema: LIST_EVENTS_PARAMS.property('created_after'),
  },
  SourceId: {
    name: 'source_id',
    in: 'path',
    required: true,
    description: 'A source of the conversation (its `sources[].id`). An unknown one, or one of another conversation, is a 404 `not_found`.',
    schema: { type: 'string' },
    example: exampleId('source'),
  },
  FromSeconds: {
    name: 'from_seconds',
    in: 'query',
    description:
      'Only turns that reach this second of the recording or later: a turn overlapping the window is in, one ending exactly at ' +
      '`from_seconds` too. Whole seconds, 0 or more; after `to_seconds` is a 400 `invalid_parameter`. A search hit\'s `start_seconds` ' +
      'is a good start.',
    schema: LIST_SEGMENTS_PARAMS.property('from_seconds'),
    example: 754,
  },
  ToSeconds: {
    name: 'to_seconds',
    in: 'query',
    description: 'Only turns that start at this second or before (one starting exactly at it is in). Whole seconds, 0 or more.',
    schema: LIST_SEGMENTS_PARAMS.property('to_seconds'),
    example: 900,
  },
  SegmentSpeaker: {
    name: 'speaker',
    in: 'query',
    description:
      `Repeat the parameter (\`speaker=Ada&speaker=Grace\`, at most ${SEGMENT_LIMITS.speakerFilters}) to keep the turns of ANY of these ` +
      'speakers, named as the segments name them (case ignored). A name nobody in the transcript has gives an empty page, not an error.',
    style: 'form',
    explode: true,
    schema: LIST_SEGMENTS_PARAMS.property('speaker'),
  },
  SegmentLimit: {
    name: 'limit',
    in: 'query',
    description: `Turns per page, 1 to ${SEGMENT_LIMITS.maxLimit}; default ${SEGMENT_LIMITS.defaultLimit}. Refused, never clamped, outside that range.`,
    schema: LIST_SEGMENTS_PARAMS.property('limit'),
  },
  ReferenceFile: { name: 'file', in: 'path', required: true, description: 'The file name the reference page links.', schema: { type: 'string' } },
} satisfies Record<string, Parameter>;

export type ParameterName = keyof typeof PARAMETERS;

export const HEADERS: Record<string, Header> = {
  RequestId: {
    description: 'The request id: the incoming `X-Request-Id` when it was valid, otherwise a generated one. Sent on every response.',
    required: true,
    schema: { type: 'string', pattern: REQUEST_ID_PATTERN },
  },
  WwwAuthenticate: {
    description:
      'RFC 6750 challenge. Without credentials: `Bearer realm="conversation-service"`. With a bad, revoked or malformed token: ' +
      '`Bearer realm="conversation-service", error="invalid_token", error_description="…"`. On 403: ' +
      '`Bearer realm="conversation-service", error="insufficient_scope", scope="…"`.',
    required: true,
    schema: { type: 'string', pattern: '^Bearer realm="conversation-service"' },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitPolicy: {
    description:
      'The quota that applies to this request (draft-ietf-httpapi-ratelimit-headers-10): `"reads";q=600;w=60` for GET, ' +
      '`"writes";q=120;w=60` otherwise, `"exports";q=10;w=60` for GET /api/v1/export, per API key or OAuth grant, shared by every ' +
      'replica. Absent on unauthenticated answers.',
    schema: { type: 'string', pattern: `^"(${QUOTA_NAMES})";q=\\d+;w=\\d+$` },
  },
  RateLimit: {
    description: 'What is left of the quota: `"reads";r=<remaining>;t=<seconds until the window resets>`.',
    schema: { type: 'string', pattern: `^"(${QUOTA_NAMES})";r=\\d+;t=\\d+$` },
  },
};

/** The registered problem responses and the status each answers. */
export const PROBLEM_RESPONSE_STATUS = {
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

export type ProblemResponseName = keyof typeof PROBLEM_RESPONSE_STATUS;

/** Headers every answer may carry: the request id always, the rate-limit fields on authenticated ones. */
const requestIdHeader = { 'X-Request-Id': headerRef('RequestId'), RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimitPolicy') };

function problemExample(publicApiUrl: string, code: ProblemCode, title: string, detail: string, extra: Record<string, unknown> = {}) {
  return {
    summary: code,
    value: {
      type: `${publicApiUrl}/api/v1/problems/${code}`,
      title,
      status: PROBLEM_STATUS[code],
      detail,
      code,
      request_id: 'req_5f3c9a1e2b7d4c60',
      ...extra,
    },
  };
}

/** The Problem schema narrowed to the codes (and extra members) one response carries. */
export function problemSchema(codes: ProblemCode[], required: string[] = []): JsonSchema {
  return {
    allOf: [
      schemaRef('Problem'),
      {
        type: 'object',
        required,
        properties: {
          ...Object.fromEntries(required.map((name) => [name, true])),
          code: { enum: codes },
          status: { const: PROBLEM_STATUS[codes[0]!] },
        },
      },
    ],
  };
}

function problemResponse(
  description: string,
  schema: JsonSchema,
  examples: Record<string, { summary: string; value: unknown }>,
  headers: Record<string, Reference> = {},
): Response {
  return {
    description,
    headers: { ...requestIdHeader, ...headers },
    content: { [PROBLEM_MEDIA_TYPE]: { schema, examples } },
  };
}

export function buildResponses(publicApiUrl: string): Record<ProblemResponseName, Response> {
  const ex = (code: ProblemCode, title: string, detail: string, extra: Record<string, unknown> = {}) =>
    problemExample(publicApiUrl, code, title, detail, extra);
  return {
    BadRequest: problemResponse(
      'A parameter was rejected (`invalid_parameter`: unknown parameter, a single-valued parameter given twice, an empty ' +
        'value, a malformed or out-of-range value) or the cursor was rejected (`invalid_cursor`). `invalid_params` names each one.',
      problemSchema(['invalid_parameter', 'invalid_cursor'], ['invalid_params']),
      {
        invalid_parameter: ex('invalid_parameter', 'Invalid parameter', 'Invalid parameter limit: must be an integer from 1 to 100', {
          invalid_params: [{ name: 'limit', reason: 'must be an integer from 1 to 100' }],
        }),
        invalid_cursor: ex('invalid_cursor', 'Invalid cursor', 'The cursor was rejected (expired); restart from the first page.', {
          invalid_params: [{ name: 'cursor', reason: 'expired' }],
        }),
      },
    ),
    Unauthorized: problemResponse(
      'No credentials, or a token or API key that is malformed, unknown, expired or revoked.',
      problemSchema(['invalid_token']),
      { invalid_token: ex('invalid_token', 'Invalid token', 'The access token is missing.') },
      { 'WWW-Authenticate': headerRef('WwwAuthenticate') },
    ),
    Forbidden: problemResponse(
      'The token is valid but lacks the scope this operation needs; `scope` names it.',
      problemSchema(['insufficient_scope'], ['scope']),
      {
        insufficient_scope: ex('insufficient_scope', 'Insufficient scope', 'This request needs the folders:read scope.', {
          scope: 'folders:read',
        }),
      },
      { 'WWW-Authenticate': headerRef('WwwAuthenticate') },
    ),
    NotFound: problemResponse(
      'No such route, or no such resource visible to the caller. Unknown, malformed, other-workspace and invisible ids are ' +
        'answered identically, so a response never reveals that something exists.',
      problemSchema(['not_found']),
      { not_found: ex('not_found', 'Not found', 'No conversation with that id exists or it is not visible to you.') },
    ),
    TooManyRequests: problemResponse(
      'Rate limit of the token exceeded, or the replica is at capacity (load shedding: `Retry-After: 1`, no RateLimit fields); ' +
        'retry after `Retry-After` seconds.',
      problemSchema(['rate_limited']),
      { rate_limited: ex('rate_limited', 'Too many requests', 'Rate limit exceeded; retry in 12 seconds.') },
      { 'Retry-After': headerRef('RetryAfter') },
    ),
    WriteBadRequest: problemResponse(
      'The body is not a JSON object or not well-formed (`invalid_body`), or fields were rejected (`invalid_parameter`: ' +
        'unknown, missing, malformed or out of the documented limits); `invalid_params` names each field by its JSON path, ' +
        'e.g. `sources[0].segments[3].end_seconds`.',
      problemSchema(['invalid_parameter', 'invalid_body']),
      {
        invalid_parameter: ex('invalid_parameter', 'Invalid parameter', 'Invalid parameter sources: must hold at least one source', {
          invalid_params: [{ name: 'sources', reason: 'must hold at least one source' }],
        }),
        invalid_body: ex('invalid_body', 'Invalid body', 'The request body must be a JSON object.'),
      },
    ),
    WriteForbidden: problemResponse(
      'Writes accept API keys only (`api_key_required` for an OAuth access token), and conversations and folders are changed by ' +
        'their owner only (`forbidden` for a member who can see but does not own them); webhooks are managed by workspace admins only ' +
        '(`forbidden` for a member).',
      problemSchema(['api_key_required', 'forbidden']),
      {
        api_key_required: ex('api_key_required', 'API key required', 'Writes need an API key; OAuth access tokens are read-only.'),
        forbidden: ex('forbidden', 'Forbidden', 'Only the owner of a conversation can change it.'),
      },
    ),
    Conflict: problemResponse(
      'The change conflicts with the current state (`conflict`: a tag name taken, a folder not empty or moved into itself, too ' +
        'many sources), or the Idempotency-Key was used for another request (`idempotency_key_reused`).',
      problemSchema(['conflict', 'idempotency_key_reused']),
      {
        conflict: ex('conflict', 'Conflict', 'A tag named "Sales" already exists in this workspace (names are compared case-insensitively).'),
        idempotency_key_reused: ex('idempotency_key_reused', 'Idempotency key reused', 'This Idempotency-Key was used within the last 24 hours for a different request.'),
      },
    ),
    PayloadTooLarge: problemResponse(
      `The body is larger than ${JSON_BODY_SIZE} (JSON) or the uploaded file larger than ${UPLOAD_SIZE}.`,
      problemSchema(['payload_too_large']),
      { payload_too_large: ex('payload_too_large', 'Payload too large', 'The request body is larger than the documented limit.') },
    ),
    UnsupportedMediaType: problemResponse(
      'The body is not `application/json` (or `multipart/form-data` where a file is uploaded), or the uploaded file is not a ' +
        'PDF, DOCX, PPTX, TXT or MD file.',
      problemSchema(['unsupported_media_type']),
      { unsupported_media_type: ex('unsupported_media_type', 'Unsupported media type', 'Send the body as application/json.') },
    ),
    InternalError: problemResponse(
      'Unexpected failure. The body never carries internals; quote `request_id` when reporting it.',
      problemSchema(['internal_error']),
      { internal_error: ex('internal_error', 'Internal error', 'An unexpected error occurred.') },
    ),
    ServiceUnavailable: problemResponse(
      'The database is unreachable, overloaded or slower than the service waits for (`service_unavailable`); nothing was changed. ' +
        'Retry after `Retry-After` seconds.',
      problemSchema(['service_unavailable']),
      { service_unavailable: ex('service_unavailable', 'Service unavailable', 'The database is unavailable or too slow; retry shortly.') },
      { 'Retry-After': headerRef('RetryAfter') },
    ),
  };
}

export function buildSecuritySchemes(publicAuthUrl: string): Record<string, SecurityScheme> {
  return {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      description:
        'Send `Authorization: Bearer <token>`. The token is either an API key (`sk_…`, created in developer settings; it carries ' +
        'every right of its user, all scopes included) or an OAuth 2.0 access token (an RS256 JWT issued by the authorization server ' +
        'for the resource `<base_url>/api/v1`, valid one hour, carrying only the granted scopes).',
    },
    oauth2: {
      type: 'oauth2',
      description:
        'Authorization code grant with a confidential client (PKCE S256 supported, optional). The access token is sent as a bearer ' +
        'token (see `bearerAuth`). `offline_access` is always added, so a refresh_token grant renews the token.',
      flows: {
        authorizationCode: {
          authorizationUrl: `${publicAuthUrl}/api/auth/oauth2/authorize`,
          tokenUrl: `${publicAuthUrl}/api/auth/oauth2/token`,
          refreshUrl: `${publicAuthUrl}/api/auth/oauth2/token`,
          scopes: {
            email: "Read the user's email address (GET /api/v1/me returns null without it).",
            'folders:read': 'Read folders in the connected workspace.',
            'conversations:read': 'Read conversations and the tag catalog.',
            offline_access: 'Added automatically; allows token refresh without re-consent.',
          },
        },
      },
    },
  };
}

export { requestIdHeader };
