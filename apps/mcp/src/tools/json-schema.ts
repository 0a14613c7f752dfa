import { BoundedConversationSchema, ContentPageSchema, ConversationPageSchema, FolderPageSchema, MeSchema } from '@cs/catalog';
import { toJsonSchema } from '@cs/paging';
import { FetchToolResultSchema, SearchToolResultSchema } from '@cs/search';

/**
 * Output schemas of the tools: the REST API's resource schemas (spec "Resources and their fields"), with the
 * report of what a size-bounded answer left out, inlined rather than referenced so every MCP client can read them
 * without resolving `$ref`s.
 */
export const CONVERSATION_PAGE_SCHEMA = toJsonSchema(ConversationPageSchema, 'output');
export const BOUNDED_CONVERSATION_SCHEMA = toJsonSchema(BoundedConversationSchema, 'output');
export const CONTENT_PAGE_SCHEMA = toJsonSchema(ContentPageSchema, 'output');
export const FOLDER_PAGE_SCHEMA = toJsonSchema(FolderPageSchema, 'output');
export const ME_SCHEMA = toJsonSchema(MeSchema, 'output');
export const SEARCH_RESULTS_SCHEMA = toJsonSchema(SearchToolResultSchema, 'output');
export const FETCH_RESULT_SCHEMA = toJsonSchema(FetchToolResultSchema, 'output');
