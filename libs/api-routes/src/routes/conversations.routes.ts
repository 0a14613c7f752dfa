import { LIST_CONVERSATIONS_PARAMS, LIST_SEGMENTS_PARAMS } from '@cs/catalog';
import { NO_PARAMS } from '@cs/paging';
import { LIMITS } from '@cs/writes';
import { declareRoute } from '../route-declaration';
import { UPLOAD_SIZE, WRITE_SCHEMAS } from '../openapi/component-schemas';
import { exampleConversation, exampleConversationFields, exampleSourceLite, pendingConversation } from './examples';
import { OWNER_NOTE, WRITE_NOTE } from './notes';

export const CONVERSATION_ROUTES = {
  list: declareRoute({
    operationId: 'listConversations',
    method: 'get',
    path: '/api/v1/conversations',
    tag: 'Conversations',
    summary: 'List conversations',
    description:
      'Conversations visible to the caller (owned by the caller, or shared with the workspace; being a workspace admin grants ' +
      'no extra reading), newest first: `created_at` descending, ties broken by `id` descending. Each entry carries its sources ' +
      'as SourceLite (no content) and no summary. Filters combine with AND.',
    access: { scope: 'conversations:read' },
    query: {
      params: LIST_CONVERSATIONS_PARAMS,
      documented: {
        limit: 'Limit',
        cursor: 'Cursor',
        q: 'ConversationQuery',
        folder_id: 'ConversationFolderId',
        recursive: 'ConversationRecursive',
        status: 'Status',
        created_after: 'CreatedAfter',
        updated_after: 'ConversationUpdatedAfter',
        tag_id: 'TagId',
      },
    },
    success: {
      status: 200,
      description: 'A page of conversations.',
      schema: 'ConversationPage',
      example: { data: [{ ...exampleConversationFields, sources: [exampleSourceLite] }], next_cursor: null, has_more: false },
    },
    errors: ['NotFound'],
  }),
  retrieve: declareRoute({
    operationId: 'getConversation',
    method: 'get',
    path: '/api/v1/conversations/{id}',
    tag: 'Conversations',
    summary: 'Retrieve a conversation',
    description:
      'One conversation with its summary and every source in full (content, participants, attendees). Takes no query ' +
      'parameters (any is a 400). Unknown, malformed, other-workspace and invisible ids all answer the same 404.',
    access: { scope: 'conversations:read' },
    pathParams: { id: 'ConversationId' },
    query: { params: NO_PARAMS, documented: {} },
    success: {
      status: 200,
      description: 'The conversation.',
      schema: 'Conversation',
      example: exampleConversation,
    },
    errors: ['NotFound'],
  }),
  segments: declareRoute({
    operationId: 'listSegments',
    method: 'get',
    path: '/api/v1/conversations/{id}/sources/{source_id}/segments',
    tag: 'Conversations',
    summary: 'List the speaker turns of a transcript',
    description:
      'A transcript source\'s turns as data, in the order they were spoken: who spoke (the name the user gave the speaker, ' +
      'otherwise the raw label, as `participants`), the seconds the turn starts and ends at, and what was said. Each turn is one ' +
      'line of the source\'s `content`. Filter by a window of the recording and by speakers; `index` keeps each turn\'s place among ' +
      'all of them. A source that is not a transcript is a 409 `conflict`. The same visibility as the conversation.',
    access: { scope: 'conversations:read' },
    pathParams: { id: 'ConversationId', source_id: 'SourceId' },
    query: {
      params: LIST_SEGMENTS_PARAMS,
      documented: { from_seconds: 'FromSeconds', to_seconds: 'ToSeconds', speaker: 'SegmentSpeaker', limit: 'SegmentLimit', cursor: 'Cursor' },
    },
    success: {
      status: 200,
      description: 'A page of turns.',
      schema: 'SegmentPage',
      example: {
        data: [
          { index: 41, speaker: 'Ada', start_seconds: 754, end_seconds: 771, text: 'The new pricing page goes live with the launch.' },
          { index: 42, speaker: 'Grace', start_seconds: 771, end_seconds: 779, text: 'Then legal needs it by Friday.' },
        ],
        next_cursor: null,
        has_more: false,
      },
    },
    errors: ['NotFound', 'Conflict'],
  }),
  create: declareRoute({
    operationId: 'createConversation',
    method: 'post',
    path: '/api/v1/conversations',
    tag: 'Conversations',
    summary: 'Create a conversation',
    description:
      'Creates a conversation with its sources (transcripts, documents, text) and tags. It starts `pending`; processing renders ' +
      'the content, participants and language, writes the summary, the digest and tag suggestions, and ends `ready` (event ' +
      '`conversation.ready`) or `error` (event `conversation.failed`). ' + WRITE_NOTE,
    access: 'api-key',
    idempotent: true,
    body: { json: WRITE_SCHEMAS.CreateConversationRequest },
    success: { status: 201, description: 'The new conversation, pending.', schema: 'Conversation', example: pendingConversation },
    errors: ['NotFound', 'Conflict'],
  }),
  update: declareRoute({
    operationId: 'updateConversation',
    method: 'patch',
    path: '/api/v1/conversations/{id}',
    tag: 'Conversations',
    summary: 'Update a conversation',
    description: `Changes the title, folder or visibility. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'ConversationId' },
    body: { json: WRITE_SCHEMAS.UpdateConversationRequest },
    success: { status: 200, description: 'The conversation.', schema: 'Conversation' },
    errors: ['NotFound'],
  }),
  remove: declareRoute({
    operationId: 'deleteConversation',
    method: 'delete',
    path: '/api/v1/conversations/{id}',
    tag: 'Conversations',
    summary: 'Delete a conversation',
    description: `Deletes the conversation with its sources at once and sends \`conversation.deleted\` with its last-known title. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'ConversationId' },
    success: { status: 204, description: 'Deleted.' },
    errors: ['NotFound'],
  }),
  addSource: declareRoute({
    operationId: 'addSource',
    method: 'post',
    path: '/api/v1/conversations/{id}/sources',
    tag: 'Conversations',
    summary: 'Add a source',
    description:
      'Adds one source: JSON (a transcript, document or text) or `multipart/form-data` with a `file` part (PDF, DOCX, PPTX, TXT or ' +
      `MD, at most ${UPLOAD_SIZE}; a file whose content does not match its name or type is a 400). The conversation goes back to ` +
      `\`pending\` and through processing. A conversation holds at most ${LIMITS.sourcesPerConversation} sources. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'ConversationId' },
    idempotent: true,
    body: { json: WRITE_SCHEMAS.SourceInput, multipart: WRITE_SCHEMAS.FileSourceUpload },
    success: { status: 201, description: 'The conversation with the new source, pending.', schema: 'Conversation', example: pendingConversation },
    errors: ['NotFound', 'Conflict'],
  }),
  applyTag: declareRoute({
    operationId: 'applyTag',
    method: 'put',
    path: '/api/v1/conversations/{id}/tags/{tag_id}',
    tag: 'Conversations',
    summary: 'Apply a tag',
    description: `Applies a tag of the workspace, or accepts it where processing suggested it. Idempotent. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'ConversationId', tag_id: 'AppliedTagId' },
    success: { status: 200, description: 'The conversation.', schema: 'Conversation' },
    errors: ['NotFound'],
  }),
  removeTag: declareRoute({
    operationId: 'removeTag',
    method: 'delete',
    path: '/api/v1/conversations/{id}/tags/{tag_id}',
    tag: 'Conversations',
    summary: 'Remove a tag',
    description: `Removes the tag, or rejects the suggestion. Idempotent: removing a tag that is not applied answers 200. ${OWNER_NOTE} ${WRITE_NOTE}`,
    access: 'api-key',
    pathParams: { id: 'ConversationId', tag_id: 'AppliedTagId' },
    success: { status: 200, description: 'The conversation.', schema: 'Conversation' },
    errors: ['NotFound'],
  }),
};
