import { EXPORT_PARAMS } from '@cs/catalog';
import { declareRoute } from '../route-declaration';
import { exampleConversation } from './examples';

const exampleCursor = 'eyJ2IjoxLCJyIjoiZXhwb3J0In0.c2lnbmF0dXJlLW9mLTQzLWJhc2U2NHVybC1jaGFyYWN0ZXJzLi4u';

export const EXPORT_ROUTES = {
  export: declareRoute({
    operationId: 'exportConversations',
    method: 'get',
    path: '/api/v1/export',
    tag: 'Conversations',
    summary: 'Export conversations (NDJSON stream)',
    description:
      'Every conversation the caller can see (the list\'s rule) that the filters keep, streamed as NDJSON (`application/x-ndjson`): ' +
      'one line per conversation, oldest first (`created_at`, then `id`), as GET /api/v1/conversations/{id} returns it with each ' +
      'transcript\'s `segments`, then a last line `{"type":"end"}`. A stream that ends without that line was cut: call again with the ' +
      '`cursor` of the last line received and it goes on after it, nothing repeated or missed. Each line is read whole at one instant; ' +
      'a conversation changed after its line left is not sent again (follow up with `updated_after` or the events feed). ' +
      'Sent gzip-compressed when the request accepts `gzip`. Counted against its own rate limit, the `exports` quota ' +
      '(RateLimit-Policy), not the reads\'; a replica runs a few exports at once and refuses more with 429 and Retry-After.',
    access: { scope: 'conversations:read' },
    quota: 'exports',
    query: {
      params: EXPORT_PARAMS,
      documented: {
        cursor: 'ExportCursor',
        folder_id: 'ConversationFolderId',
        recursive: 'ConversationRecursive',
        status: 'ExportStatus',
        created_after: 'CreatedAfter',
        updated_after: 'ConversationUpdatedAfter',
        tag_id: 'TagId',
      },
    },
    success: {
      status: 200,
      description: 'The stream: one JSON object per line (ExportLine), the last of a complete export being `{"type":"end"}`.',
      schema: 'ExportLine',
      mediaType: 'application/x-ndjson',
      example: {
        type: 'conversation',
        cursor: exampleCursor,
        conversation: {
          ...exampleConversation,
          sources: exampleConversation.sources.map((source) => ({
            ...source,
            segments: [
              { index: 0, speaker: 'Ada', start_seconds: 1, end_seconds: 3, text: 'Shall we start?' },
              { index: 1, speaker: 'Speaker 2', start_seconds: 4, end_seconds: 5, text: 'Yes.' },
            ],
          })),
        },
      },
    },
    errors: ['NotFound'],
  }),
};
