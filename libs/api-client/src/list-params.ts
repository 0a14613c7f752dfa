import type { EventType, StatusFilter } from '@cs/domain';

/** Pagination parameters every list endpoint takes. */
export interface PageParams {
  /** 1 to 100; the server's default is 25. */
  limit?: number;
  /** `next_cursor` of the previous page, unchanged. */
  cursor?: string;
}

export interface ListConversationsParams extends PageParams {
  /** A text query (websearch syntax, docs/search.md): only matching conversations, the order unchanged. */
  q?: string;
  status?: StatusFilter;
  /** RFC 3339 date-time with a time zone; strictly after. */
  created_after?: string;
  /** RFC 3339 date-time with a time zone; changed strictly after. */
  updated_after?: string;
  folder_id?: string;
  recursive?: boolean;
  /** Sent as the parameter repeated; matches conversations having any of the tags. */
  tag_id?: readonly string[];
}

export interface ListFoldersParams extends PageParams {
  folder_id?: string;
  recursive?: boolean;
  updated_after?: string;
}

export interface ListEventsParams extends PageParams {
  /** Sent as the parameter repeated. */
  type?: readonly EventType[];
  /** The id of the last event processed. */
  after?: string;
  created_after?: string;
}

export type ListTagsParams = PageParams;
