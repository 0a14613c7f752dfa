export { Catalog } from './catalog';
export { CursorCodec, CURSOR_TTL_SECONDS } from './cursors/cursor.codec';
export type { Queryable } from './db';
export { type JsonSchema, type Params, QueryParams, type RawQuery, toJsonSchema } from './params/query-params';
export { cursor, DEFAULT_LIMIT, limit, MAX_CURSOR_LENGTH, MAX_LIMIT, oneOf, PAGE, text } from './params/fields';
export { NO_PARAMS, PAGE_PARAMS, type PageParams } from './params/common-params';
export { LIST_CONVERSATIONS_PARAMS, type ListConversationsParams, MAX_TAG_FILTERS } from './conversations/conversation-filters';
export { LIST_FOLDERS_PARAMS, type ListFoldersParams } from './folders/list-folders.query';
export { GET_CONVERSATION_ARGS, getConversation } from './conversations/get-conversation.query';
export { getFolder } from './folders/get-folder.query';
export { assertFolderVisible, descendantFolderIds } from './folders/folder-access';
export { getTag } from './tags/list-tags.query';
export { SqlParams } from './sql-params';
export { visibleTo } from './db';
export { continueFrom, type PageRequest, pageRequest } from './params/page-request';
export { toPage, type Page } from './params/page';
export type { CursorKey } from './cursors/cursor.codec';
export {
  ConversationListEntrySchema,
  ConversationPageSchema,
  ConversationSchema,
  FolderPageSchema,
  FolderSchema,
  listEnvelope,
  MeSchema,
  ParticipantSchema,
  prefixedId,
  SourceLiteSchema,
  SourceSchema,
  TagCatalogEntrySchema,
  TagInlineSchema,
  TagPageSchema,
  timestamp,
} from './resources/read-resources.schema';
