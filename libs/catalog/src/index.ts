/* The read model: Catalog, its param sets and its resource schemas; the single reads the write side answers with. */
export { Catalog } from './catalog';
export {
  CONVERSATION_FILTER_FIELDS,
  CONVERSATION_FILTER_PARAMS,
  type ConversationFilters,
  conversationFilters,
  LIST_CONVERSATIONS_PARAMS,
  type ListConversationsParams,
  MAX_TAG_FILTERS,
  narrowsConversations,
} from './conversations/conversation-filters';
export { conversationConditions } from './conversations/conversation-conditions';
export { CONVERSATION_COLUMNS, type ConversationRow, SOURCE_LITE_COLUMN, toListEntry } from './conversations/conversation-rows';
export { ALL_SEARCH_CONFIGS, type BoundTextQuery, SEARCH_CONFIGS, SIMPLE_CONFIG, TextQuery } from './conversations/text-query';
export { lexemeOf, wordQuery } from './conversations/query-words';
export { FULL_TEXT_READ_SETTINGS, SearchBudget, type SearchLimits } from './conversations/search-budget';
export { hasWordToFind, MAX_PHRASE_WORDS, MAX_QUERY_LENGTH, MAX_QUERY_WORDS, querySize, searchQuery } from './conversations/search-query';
export { LIST_FOLDERS_PARAMS, type ListFoldersParams } from './folders/list-folders.query';
export { LIST_EVENTS_PARAMS, type ListEventsParams } from './events/list-events.query';
export { LIST_SEGMENTS_PARAMS, type ListSegmentsParams } from './sources/list-segments.query';
export { type Segment, SEGMENT_LIMITS, SegmentPageSchema, SegmentSchema } from './sources/segment.schema';
export { EVENT_RESOURCE_SCHEMAS, EVENT_TYPE_LIST, EventPageSchema, EventSchema, EventTypeListSchema, EventTypeSchema } from './events/event-resources.schema';
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
  READ_RESOURCE_SCHEMAS,
  SourceLiteSchema,
  SourceSchema,
  TagCatalogEntrySchema,
  TagInlineSchema,
  TagPageSchema,
} from './resources/read-resources.schema';
export { ANSWER_MAX_CHARACTERS, answerJson } from './bounded-answers/answer-budget';
export { type BoundedConversation, BoundedConversationSchema, boundConversation } from './bounded-answers/bounded-conversation';
export { boundedAnswer, type OmittedContent, OmittedContentSchema, omissionNote, READ_CONTENT_TOOL } from './bounded-answers/omitted-content';
export { type ContentPage, ContentPageSchema, contentPage, GET_TRANSCRIPT_ARGS, type GetTranscriptArgs } from './bounded-answers/content-page';
export {
  EXPORT_LIMITS,
  EXPORT_PARAMS,
  EXPORT_RESOURCE_SCHEMAS,
  ExportConversationLineSchema,
  ExportedConversationSchema,
  ExportedSourceSchema,
  ExportEndLineSchema,
  type ExportLine,
  ExportLineSchema,
  type ExportParams,
} from './export/export.schema';
