import { STATUS_FILTERS, type StatusFilter } from '@cs/domain';
import { z } from 'zod/v4';
import { flag, oneOf, PAGE, QueryParams, text } from '@cs/paging';
import { dateTime, idList } from '../params/filter-fields';

export const MAX_TAG_FILTERS = 20;

/** GET /api/v1/conversations and the list-conversations tool: filters first, then paging. */
export const LIST_CONVERSATIONS_PARAMS = new QueryParams(
  z.strictObject({
    status: oneOf(STATUS_FILTERS, 'ready'),
    created_after: dateTime.optional(),
    updated_after: dateTime.optional(),
    folder_id: text().optional(),
    recursive: flag(true),
    tag_id: idList(MAX_TAG_FILTERS).optional(),
    ...PAGE,
  }),
);

export type ListConversationsParams = z.output<typeof LIST_CONVERSATIONS_PARAMS.schema>;

export interface ConversationFilters {
  status: StatusFilter;
  createdAfter: string | null;
  updatedAfter: string | null;
  folderId: string | null;
  recursive: boolean;
  tagIds: string[];
}

/** Request parameter name of each filter, for binding checks and error messages. */
export const CONVERSATION_FILTER_PARAMS = {
  status: 'status',
  createdAfter: 'created_after',
  updatedAfter: 'updated_after',
  folderId: 'folder_id',
  recursive: 'recursive',
  tagIds: 'tag_id',
} as const;

export function conversationFilters(params: ListConversationsParams): ConversationFilters {
  return {
    status: params.status,
    createdAfter: params.created_after ?? null,
    updatedAfter: params.updated_after ?? null,
    folderId: params.folder_id ?? null,
    recursive: params.recursive,
    tagIds: params.tag_id ?? [],
  };
}
