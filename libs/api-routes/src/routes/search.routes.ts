import { exampleId } from '@cs/domain';
import { SEARCH_PARAMS } from '@cs/search';
import { declareRoute } from '../route-declaration';
import { exampleConversationFields, exampleSourceLite } from './examples';

export const SEARCH_ROUTES = {
  search: declareRoute({
    operationId: 'search',
    method: 'get',
    path: '/api/v1/search',
    tag: 'Conversations',
    summary: 'Search conversations',
    description:
      'Conversations whose title, digest, summary or source content matches `q`, best first, each with its `score` and up to five ' +
      'matching passages: for a transcript, the speaker turn with who said it and the second it starts at. Snippets mark matched ' +
      'terms `**like this**` (Markdown bold; every `*` and `\\` of the text itself is backslash-escaped). The same visibility as ' +
      'the lists: a conversation the caller may not see is never counted. Cursors are bound to the query, the filters and the ' +
      'caller. See docs/search.md.',
    access: { scope: 'conversations:read' },
    query: {
      params: SEARCH_PARAMS,
      documented: {
        q: 'SearchQuery',
        limit: 'SearchLimit',
        cursor: 'Cursor',
        folder_id: 'ConversationFolderId',
        recursive: 'ConversationRecursive',
        status: 'Status',
        created_after: 'CreatedAfter',
        tag_id: 'TagId',
        speaker: 'Speaker',
        source_type: 'SourceType',
      },
    },
    success: {
      status: 200,
      description: 'A page of hits, best first.',
      schema: 'SearchPage',
      example: {
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
      },
    },
    errors: ['NotFound'],
  }),
};
