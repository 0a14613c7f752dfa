import type { StatusFilter } from '@cs/domain';

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
  folder_id?: string;
  recursive?: boolean;
  /** Sent as the parameter repeated; matches conversations having any of the tags. */
  tag_id?: readonly string[];
}

export interface ListFoldersParams extends PageParams {
  folder_id?: string;
  recursive?: boolean;
}

export type ListTagsParams = PageParams;
