export { Writes, type WriteRequest, type WriteResult } from './writes';
export type { UploadInput } from './conversations/insert-sources';
export { atMost, CONTROL_CHARACTERS_REASON, dateTimeField, LIMITS, listOf, mustBeAString, noControlCharacters, NOT_EMPTY, typeError } from './validation/fields';
export { inTransaction, Tx } from './tx';
export { idempotent, validIdempotencyKey, type WriteResponse } from './idempotency/idempotency';
export { parseBody } from './validation/parse-body';
export {
  CreateConversationRequestSchema,
  DocumentSourceInputSchema,
  SourceInputSchema,
  TextSourceInputSchema,
  TranscriptSegmentInputSchema,
  TranscriptSourceInputSchema,
  UpdateConversationRequestSchema,
} from './conversations/conversation-input.schema';
export { FileSourceUploadSchema, UploadFieldsSchema } from './conversations/file-upload.schema';
export { CreateFolderRequestSchema, UpdateFolderRequestSchema } from './folders/folder-input.schema';
export { CreateTagRequestSchema, UpdateTagRequestSchema } from './tags/tag-input.schema';
export { CreateBotRequestSchema, RecorderEventSchema, type RecorderEventInput } from './bots/bot-input.schema';
export { applyRecorderEvent, CANCELLED, type RecorderEventOutcome } from './bots/bot.commands';
export { BotSchema, RecorderEventOutcomeSchema } from './bots/bot-resource.schema';
