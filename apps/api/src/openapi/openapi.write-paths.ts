import { LIMITS } from '@cs/writes';
import { EXAMPLE_TIME, exampleConversationFields, exampleTag, json, problems } from './openapi.paths';
import { parameterRef, requestIdHeader } from './openapi.components';
import type { z } from 'zod/v4';
import { exampleId, requestSchema, schemaRef, UPLOAD_SIZE, WRITE_SCHEMAS } from './openapi.schemas';
import type { Operation, PathItem, Response } from './openapi.types';

const apiKey = [{ bearerAuth: [] }];
const WRITE_NOTE =
  'Needs an API key (`Authorization: Bearer sk_…`): an OAuth access token gets 403 `api_key_required`. The answer is the ' +
  'resource as it is after the write.';
const OWNER_NOTE = 'Only the owner may change it; another member who can see it gets 403 `forbidden`.';
const IDEMPOTENT_NOTE = 'Send an `Idempotency-Key` to make retries safe.';

/** Request bodies name the lib's zod schema itself, so zod-openapi renders it as an input (what a client sends). */
const jsonBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: requestSchema(schema) } } });
const noContent = (description: string): Response => ({ description, headers: requestIdHeader });
const replayedHeader = {
  'Idempotent-Replayed': { description: 'Present (`true`) when the answer is the replay of an earlier request with the same Idempotency-Key.', schema: { type: 'string', const: 'true' } },
};
const created = (description: string, schema: string, example: unknown): Response => {
  const response = json(description, schemaRef(schema), example);
  return { ...response, headers: { ...response.headers, ...replayedHeader } };
};

const pendingConversation = {
  ...exampleConversationFields,
  status: 'pending',
  digest: null,
  tags: [],
  summary: null,
  action_items: [],
  sources: [
    {
      id: exampleId('source'),
      type: 'transcript',
      title: 'Recording',
      added_at: EXAMPLE_TIME,
      duration_seconds: null,
      language: null,
      meeting_url: 'https://meet.example.com/abc-defg-hij',
      attendees: ['ada@example.com'],
      content: null,
      participants: [],
    },
  ],
};
const exampleFolder = { id: exampleId('folder'), name: 'Customers', parent_id: null, created_at: EXAMPLE_TIME };
const exampleBot = {
  id: exampleId('bot'),
  status: 'scheduled',
  meeting_url: 'https://meet.example.test/weekly-sync',
  join_at: EXAMPLE_TIME,
  conversation_id: exampleId('conversation'),
  created_at: EXAMPLE_TIME,
};
const exampleTagEntry = { ...exampleTag, description: 'Calls with customers.', applied_count: 0 };

export const writeProblems = (...extra: Parameters<typeof problems>) =>
  problems('WriteBadRequest', 'Unauthorized', 'WriteForbidden', 'NotFound', 'PayloadTooLarge', 'UnsupportedMediaType', 'TooManyRequests', 'InternalError', 'ServiceUnavailable', ...extra);
const idOnlyProblems = () => problems('Unauthorized', 'WriteForbidden', 'NotFound', 'TooManyRequests', 'InternalError', 'ServiceUnavailable');

export function buildWritePaths(): Record<string, PathItem> {
  const op = (o: Omit<Operation, 'security'> & { security?: Operation['security'] }): Operation => ({ security: apiKey, ...o });
  return {
    '/api/v1/conversations': {
      post: op({
        operationId: 'createConversation',
        summary: 'Create a conversation',
        tags: ['Conversations'],
        description:
          'Creates a conversation with its sources (transcripts, documents, text) and tags. It starts `pending`; processing renders ' +
          'the content, participants and language, writes the summary, the digest and tag suggestions, and ends `ready` (event ' +
          '`conversation.ready`) or `error` (event `conversation.failed`). ' + `${WRITE_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.CreateConversationRequest),
        responses: { '201': created('The new conversation, pending.', 'Conversation', pendingConversation), ...writeProblems('Conflict') },
      }),
    },
    '/api/v1/conversations/{id}': {
      patch: op({
        operationId: 'updateConversation',
        summary: 'Update a conversation',
        tags: ['Conversations'],
        description: `Changes the title, folder or visibility. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('ConversationId'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.UpdateConversationRequest),
        responses: { '200': json('The conversation.', schemaRef('Conversation')), ...writeProblems() },
      }),
      delete: op({
        operationId: 'deleteConversation',
        summary: 'Delete a conversation',
        tags: ['Conversations'],
        description: `Deletes the conversation with its sources at once and sends \`conversation.deleted\` with its last-known title. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('ConversationId'), parameterRef('RequestId')],
        responses: { '204': noContent('Deleted.'), ...idOnlyProblems() },
      }),
    },
    '/api/v1/conversations/{id}/sources': {
      post: op({
        operationId: 'addSource',
        summary: 'Add a source',
        tags: ['Conversations'],
        description:
          'Adds one source: JSON (a transcript, document or text) or `multipart/form-data` with a `file` part (PDF, DOCX, PPTX, TXT or ' +
          `MD, at most ${UPLOAD_SIZE}; a file whose content does not match its name or type is a 400). The conversation goes back to ` +
          `\`pending\` and through processing. A conversation holds at most ${LIMITS.sourcesPerConversation} sources. ${OWNER_NOTE} ${WRITE_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [parameterRef('ConversationId'), parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: requestSchema(WRITE_SCHEMAS.SourceInput) },
            'multipart/form-data': { schema: requestSchema(WRITE_SCHEMAS.FileSourceUpload) },
          },
        },
        responses: { '201': created('The conversation with the new source, pending.', 'Conversation', pendingConversation), ...writeProblems('Conflict') },
      }),
    },
    '/api/v1/conversations/{id}/tags/{tag_id}': {
      put: op({
        operationId: 'applyTag',
        summary: 'Apply a tag',
        tags: ['Conversations'],
        description: `Applies a tag of the workspace, or accepts it where processing suggested it. Idempotent. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('ConversationId'), parameterRef('AppliedTagId'), parameterRef('RequestId')],
        responses: { '200': json('The conversation.', schemaRef('Conversation')), ...idOnlyProblems() },
      }),
      delete: op({
        operationId: 'removeTag',
        summary: 'Remove a tag',
        tags: ['Conversations'],
        description: `Removes the tag, or rejects the suggestion. Idempotent: removing a tag that is not applied answers 200. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('ConversationId'), parameterRef('AppliedTagId'), parameterRef('RequestId')],
        responses: { '200': json('The conversation.', schemaRef('Conversation')), ...idOnlyProblems() },
      }),
    },
    '/api/v1/folders': {
      post: op({
        operationId: 'createFolder',
        summary: 'Create a folder',
        tags: ['Folders'],
        description: `Creates a folder, at the top level or inside a folder the caller can see. ${WRITE_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.CreateFolderRequest),
        responses: { '201': created('The new folder.', 'Folder', exampleFolder), ...writeProblems('Conflict') },
      }),
    },
    '/api/v1/folders/{id}': {
      patch: op({
        operationId: 'updateFolder',
        summary: 'Update a folder',
        tags: ['Folders'],
        description: `Renames, moves or changes the visibility of a folder. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('FolderId'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.UpdateFolderRequest),
        responses: { '200': json('The folder.', schemaRef('Folder')), ...writeProblems('Conflict') },
      }),
      delete: op({
        operationId: 'deleteFolder',
        summary: 'Delete a folder',
        tags: ['Folders'],
        description:
          'Deletes an empty folder. A folder that still holds subfolders or conversations (anyone\'s) is a 409 `conflict`: move or ' +
          `delete its content first, so a delete never takes content with it. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('FolderId'), parameterRef('RequestId')],
        responses: { '204': noContent('Deleted.'), ...idOnlyProblems(), ...problems('Conflict') },
      }),
    },
    '/api/v1/tags': {
      post: op({
        operationId: 'createTag',
        summary: 'Create a tag',
        tags: ['Tags'],
        description: `Creates a tag of the workspace; any member may. A name already taken (case-insensitively) is a 409. ${WRITE_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.CreateTagRequest),
        responses: { '201': created('The new tag.', 'TagCatalogEntry', exampleTagEntry), ...writeProblems('Conflict') },
      }),
    },
    '/api/v1/bots': {
      post: op({
        operationId: 'createBot',
        summary: 'Send a recorder bot to a meeting',
        tags: ['Bots'],
        description:
          'Schedules a recorder bot for the meeting at `join_at` (now when omitted) and creates the `pending` conversation it records ' +
          'into. When the recording ends, its transcript is added and the conversation is processed to `ready`; when the bot is not ' +
          'admitted or the platform asks for verification or a CAPTCHA, the conversation ends in `error` with that ' +
          '`termination_reason` (any other failure: `error` with termination_reason null). With RECORDER_PROVIDER=recall the bot is a ' +
          'Recall.ai bot (docs/recall.md); the development recorder joins only ' +
          `meetings on \`*.example.test\`. ${WRITE_NOTE} ${IDEMPOTENT_NOTE}`,
        parameters: [parameterRef('IdempotencyKey'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.CreateBotRequest),
        responses: { '201': created('The scheduled bot.', 'Bot', exampleBot), ...writeProblems() },
      }),
    },
    '/api/v1/bots/{id}': {
      get: op({
        operationId: 'getBot',
        summary: 'Retrieve a bot',
        tags: ['Bots'],
        description: 'The bot and its status. Bots are part of the write API: API keys only. A bot is visible where its conversation is.',
        parameters: [parameterRef('BotId'), parameterRef('RequestId')],
        responses: { '200': json('The bot.', schemaRef('Bot'), exampleBot), ...idOnlyProblems() },
      }),
      delete: op({
        operationId: 'cancelBot',
        summary: 'Cancel a bot',
        tags: ['Bots'],
        description:
          'Cancels a bot that has not joined its meeting yet (`scheduled`): the bot becomes `failed`, and its conversation ends in ' +
          '`error` with `error_reason` `cancelled` (and a `conversation.failed` event); the conversation is kept. A bot already handed ' +
          'to Recall.ai is deleted there. Cancelling a cancelled bot again answers it as it is; a bot that has joined (or ended) is a ' +
          `409 \`conflict\`. ${OWNER_NOTE} ${WRITE_NOTE}`,
        parameters: [parameterRef('BotId'), parameterRef('RequestId')],
        responses: {
          '200': json('The cancelled bot.', schemaRef('Bot'), { ...exampleBot, status: 'failed' }),
          ...problems('Unauthorized', 'WriteForbidden', 'NotFound', 'Conflict', 'TooManyRequests', 'InternalError', 'ServiceUnavailable'),
        },
      }),
    },
    '/api/v1/recorder/recall/events': {
      post: op({
        operationId: 'receiveRecallWebhook',
        summary: 'Recall.ai status webhooks',
        tags: ['Bots'],
        description:
          'Where Recall.ai sends its bot status webhooks when RECORDER_PROVIDER=recall (register this URL in Recall\'s dashboard, ' +
          'docs/recall.md). Not for API clients: no bearer token, but Recall\'s signature (`webhook-id`, `webhook-timestamp`, ' +
          '`webhook-signature`, or the legacy `svix-*` headers) with RECALL_WEBHOOK_SECRET; an unsigned, stale or wrongly signed request ' +
          'is a 401. Each message is kept once (by its id) and applied by the processor: statuses only move a bot forward, so ' +
          'repeated and late ones change nothing.',
        security: [],
        parameters: [parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.RecallStatusWebhook),
        responses: {
          '200': json('Whether the message was kept.', schemaRef('RecallWebhookOutcome'), { outcome: 'recorded' }),
          ...problems('WriteBadRequest', 'Unauthorized', 'UnsupportedMediaType', 'InternalError', 'ServiceUnavailable'),
        },
      }),
    },
    '/api/v1/recorder/events': {
      post: op({
        operationId: 'receiveRecorderEvent',
        summary: 'Recorder callback',
        tags: ['Bots'],
        description:
          'Where a meeting recorder reports a bot\'s progress. Not for API clients: the request carries no bearer token but is signed ' +
          'per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`) ' +
          'with RECORDER_CALLBACK_SECRET; an unsigned, stale or wrongly signed request is a 401. Reports only move a bot forward ' +
          '(scheduled → joining → waiting_room → recording → done | failed); a repeated or late one is answered `ignored`.',
        security: [],
        parameters: [parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.RecorderEvent),
        responses: {
          '200': json('Whether the report changed anything.', schemaRef('RecorderEventOutcome'), { outcome: 'applied' }),
          ...problems('WriteBadRequest', 'Unauthorized', 'NotFound', 'UnsupportedMediaType', 'InternalError', 'ServiceUnavailable'),
        },
      }),
    },
    '/api/v1/tags/{id}': {
      patch: op({
        operationId: 'updateTag',
        summary: 'Update a tag',
        tags: ['Tags'],
        description: `Renames a tag or changes its colour or description; any member may. ${WRITE_NOTE}`,
        parameters: [parameterRef('TagIdPath'), parameterRef('RequestId')],
        requestBody: jsonBody(WRITE_SCHEMAS.UpdateTagRequest),
        responses: { '200': json('The tag.', schemaRef('TagCatalogEntry')), ...writeProblems('Conflict') },
      }),
      delete: op({
        operationId: 'deleteTag',
        summary: 'Delete a tag',
        tags: ['Tags'],
        description: `Deletes the tag and removes it from every conversation (pending suggestions included). ${WRITE_NOTE}`,
        parameters: [parameterRef('TagIdPath'), parameterRef('RequestId')],
        responses: { '204': noContent('Deleted.'), ...idOnlyProblems() },
      }),
    },
  };
}
