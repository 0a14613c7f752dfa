/* The read model: Catalog, its param sets and its resource schemas; the single reads the write side answers with. */
export { Catalog } from './catalog';
export { LIST_CONVERSATIONS_PARAMS, type ListConversationsParams, MAX_TAG_FILTERS } from './conversations/conversation-filters';
export { LIST_FOLDERS_PARAMS, type ListFoldersParams } from './folders/list-folders.query';
export { LIST_EVENTS_PARAMS, type ListEventsParams } from './events/list-events.query';
export { EVENT_TYPE_LIST, EventPageSchema, EventSchema, EventTypeListSchema, EventTypeSchema } from './events/event-resources.schema';
export { GET_CONVERSATION_ARGS, getConversation } from './conversations/get-conversation.query';
export { getFolder } from './folders/get-folder.query';
export { getTag } from './tags/list-tags.query';
export {
  ConversationListEntrySchema,
  ConversationPageSchema,
  ConversationSchema,
  FolderPageSchema,
  FolderSchema,
  MeSchema,
  ParticipantSchema,
  SourceLiteSchema,
  SourceSchema,
  TagCatalogEntrySchema,
  TagInlineSchema,
  TagPageSchema,
} from './resources/read-resources.schema';
