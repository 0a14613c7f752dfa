/*
 * Full-text search over conversations (docs/search.md). Two entry points:
 * - index maintenance: indexConversations(db, ids) (re)indexes conversations inside the caller's transaction, one
 *   set-based statement for any number of them (indexConversation for one);
 * - the query side: new Search(SearchBudget.onPool(pool, limits), cursors).search(principal, SEARCH_PARAMS.fromQueryString(query)) returns the
 *   list envelope of hits, as Catalog does for the lists.
 * The match itself (configurations, the tsquery condition, `q`) is @cs/catalog's, shared with `q` on the list.
 */
export { indexConversation, indexConversations, PASSAGE_MAX_WORDS } from './indexing/index-conversations';
export { Search } from './search';
export { SEARCH_DEFAULT_LIMIT, SEARCH_FILTER_PARAMS, SEARCH_PARAMS, type SearchFilters, type SearchParams } from './query/search-params';
export {
  MAX_MATCHES_PER_HIT,
  SEARCH_FIELDS,
  type SearchField,
  type SearchHit,
  SearchHitSchema,
  type SearchMatch,
  SearchMatchSchema,
  SearchPageSchema,
  SEARCH_RESOURCE_SCHEMAS,
} from './query/search-hit.schema';
export {
  CONNECTOR_RESULTS,
  conversationUrl,
  FETCH_TOOL_ARGS,
  type FetchToolResult,
  FetchToolResultSchema,
  fetchTool,
  SEARCH_TOOL_ARGS,
  type SearchToolResult,
  SearchToolResultSchema,
  searchTool,
} from './connector/connector-tools';
