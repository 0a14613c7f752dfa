import type { EXPORT_PARAMS, LIST_CONVERSATIONS_PARAMS, LIST_EVENTS_PARAMS, LIST_FOLDERS_PARAMS, LIST_SEGMENTS_PARAMS } from '@cs/catalog';
import type { PAGE_PARAMS } from '@cs/paging';
import type { z } from 'zod/v4';

/**
 * The query parameters of the lists, read off the schemas the api validates them with (type-only imports). Repeatable
 * parameters (`tag_id`, `type`, `speaker`) are sent as the parameter repeated.
 */
type QueryOf<P extends { schema: z.ZodType }> = z.input<P['schema']>;

export type PageParams = QueryOf<typeof PAGE_PARAMS>;
export type ListConversationsParams = QueryOf<typeof LIST_CONVERSATIONS_PARAMS>;
export type ListFoldersParams = QueryOf<typeof LIST_FOLDERS_PARAMS>;
export type ListEventsParams = QueryOf<typeof LIST_EVENTS_PARAMS>;
export type ListSegmentsParams = QueryOf<typeof LIST_SEGMENTS_PARAMS>;
export type ListTagsParams = PageParams;
export type ExportParams = QueryOf<typeof EXPORT_PARAMS>;
