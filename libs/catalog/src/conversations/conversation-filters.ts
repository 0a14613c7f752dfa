import { STATUS_FILTERS, type StatusFilter } from '@cs/domain';
import { QueryReader, type RawQuery } from '../params/query-reader';

export interface ConversationFilters {
  status: StatusFilter;
  createdAfter: string | null;
  folderId: string | null;
  recursive: boolean;
  tagIds: string[];
}

/** Request parameter name of each filter, for binding checks and error messages. */
export const CONVERSATION_FILTER_PARAMS = {
  status: 'status',
  createdAfter: 'created_after',
  folderId: 'folder_id',
  recursive: 'recursive',
  tagIds: 'tag_id',
} as const;

export const MAX_TAG_FILTERS = 20;

export function readConversationFilters(query: RawQuery): { reader: QueryReader; filters: ConversationFilters } {
  const reader = new QueryReader(query, ['limit', 'cursor', ...Object.values(CONVERSATION_FILTER_PARAMS)]);
  const filters: ConversationFilters = {
    status: reader.oneOf('status', STATUS_FILTERS, 'ready'),
    createdAfter: reader.dateTime('created_after') ?? null,
    folderId: reader.string('folder_id') ?? null,
    recursive: reader.boolean('recursive', true),
    tagIds: reader.list('tag_id', MAX_TAG_FILTERS),
  };
  return { reader, filters };
}

