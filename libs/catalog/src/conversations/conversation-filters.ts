import { STATUS_FILTERS, type StatusFilter } from '@cs/domain';
import { z } from 'zod/v4';
import { flag, oneOf, PAGE, QueryParams, text } from '@cs/paging';
import { dateTime, idList } from '../params/filter-fields';
import { searchQuery } from './search-query';

export const MAX_TAG_FILTERS = 20;

/** The filters GET /conversations and GET /search share, each written once. */
export const CONVERSATION_FILTER_FIELDS = {
  status: oneOf(STATUS_FILTERS, 'ready'),
  created_after: dateTime.optional(),
  folder_id: text().optional(),
  recursive: flag(true),
  tag_id: idList(MAX_TAG_FILTERS).optional(),
};

/** GET /api/v1/conversations and the list-conversations tool: filters first, then paging. */
export const LIST_CONVERSATIONS_PARAMS = new QueryParams(
  z.strictObject({
    q: searchQuery().optional(),
    ...CONVERSATION_FILTER_FIELDS,
    // The list's own: a copy's sync (GET /search has no use for it).
    updated_after: dateTime.optional(),
    ...PAGE,
  }),
);

export type ListConversationsParams = z.output<typeof LIST_CONVERSATIONS_PARAMS.schema>;

export interface ConversationFilters {
  status: StatusFilter;
  createdAfter: string | null;
  folderId: string | null;
  recursive: boolean;
  tagIds: string[];
}

/** The list's filters: the shared ones and the text query. */
export interface ListConversationFilters extends ConversationFilters {
  q: string | null;
  updatedAfter: string | null;
}

/** Request parameter name of each filter, for binding checks and error messages. */
export const CONVERSATION_FILTER_PARAMS = {
  status: 'status',
  createdAfter: 'created_after',
  folderId: 'folder_id',
  recursive: 'recursive',
  tagIds: 'tag_id',
} as const;

export const LIST_CONVERSATION_FILTER_PARAMS = { ...CONVERSATION_FILTER_PARAMS, q: 'q', updatedAfter: 'updated_after' } as const;

export function conversationFilters(params: z.output<z.ZodObject<typeof CONVERSATION_FILTER_FIELDS>>): ConversationFilters {
  return {
    status: params.status,
    createdAfter: params.created_after ?? null,
    folderId: params.folder_id ?? null,
    recursive: params.recursive,
    tagIds: params.tag_id ?? [],
  };
}

/**
 * Whether the filters pick conversations by what the passages' index does not hold (folder, tag, creation date): a
 * search so narrowed starts from the conversations holding its words (docs/search.md "Filtered searches"), since
 * the passages' index would yield the matches of every conversation and the filter drop most.
 */
export function narrowsConversations(filters: ConversationFilters): boolean {
  return filters.folderId !== null || filters.tagIds.length > 0 || filters.createdAfter !== null;
}
