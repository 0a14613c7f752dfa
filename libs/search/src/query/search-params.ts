import { CONVERSATION_FILTER_FIELDS, type ConversationFilters, conversationFilters, searchQuery } from '@cs/catalog';
import { SOURCE_TYPES, type SourceType } from '@cs/domain';
import { PAGE, QueryParams, text } from '@cs/paging';
import { z } from 'zod/v4';

export const SEARCH_DEFAULT_LIMIT = 10;
export const MAX_SPEAKER_LENGTH = 200;

const SOURCE_TYPE_REASON = `values must be one of ${SOURCE_TYPES.join(', ')}`;

/** GET /api/v1/search: the query, the list's filters, the search's own, then paging (10 hits a page by default). */
export const SEARCH_PARAMS = new QueryParams(
  z.strictObject({
    q: searchQuery(),
    ...CONVERSATION_FILTER_FIELDS,
    speaker: text(MAX_SPEAKER_LENGTH)
      .optional()
      .meta({ description: "A participant's name: only what this speaker said matches (transcript turns; case ignored)." }),
    source_type: z
      .array(z.enum(SOURCE_TYPES, { error: SOURCE_TYPE_REASON }))
      .min(1, { error: SOURCE_TYPE_REASON })
      .max(SOURCE_TYPES.length, { error: `may be repeated at most ${SOURCE_TYPES.length} times` })
      .transform((types) => [...new Set(types)].sort())
      .optional()
      .meta({ description: 'Only content of sources of these types matches (repeatable, any); titles, digests and summaries then do not.' }),
    limit: PAGE.limit.unwrap().default(SEARCH_DEFAULT_LIMIT),
    cursor: PAGE.cursor,
  }),
);

export type SearchParams = z.output<typeof SEARCH_PARAMS.schema>;

export interface SearchFilters extends ConversationFilters {
  q: string;
  speaker: string | null;
  sourceTypes: SourceType[];
}

/** Request parameter name of each filter: a cursor is bound to all of them, the query included. */
export const SEARCH_FILTER_PARAMS = {
  q: 'q',
  status: 'status',
  createdAfter: 'created_after',
  folderId: 'folder_id',
  recursive: 'recursive',
  tagIds: 'tag_id',
  speaker: 'speaker',
  sourceTypes: 'source_type',
} as const;

export function searchFilters(params: SearchParams): SearchFilters {
  return { ...conversationFilters(params), q: params.q, speaker: params.speaker ?? null, sourceTypes: params.source_type ?? [] };
}
