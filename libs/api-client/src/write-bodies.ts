import type { CreateBotRequestSchema, CreateConversationRequestSchema, CreateFolderRequestSchema, CreateTagRequestSchema, SourceInputSchema, TranscriptSegmentInputSchema, UpdateConversationRequestSchema, UpdateFolderRequestSchema, UpdateTagRequestSchema } from '@cs/writes';
import type { z } from 'zod/v4';

/**
 * Request bodies of the write API (docs/api.md "Write API"): what a client sends, read off the very schemas the api
 * validates them with (@cs/writes, type-only: the client takes no runtime dependency on them).
 */
export type TranscriptSegmentBody = z.input<typeof TranscriptSegmentInputSchema>;
export type SourceBody = z.input<typeof SourceInputSchema>;
export type CreateConversationBody = z.input<typeof CreateConversationRequestSchema>;
export type UpdateConversationBody = z.input<typeof UpdateConversationRequestSchema>;
export type CreateFolderBody = z.input<typeof CreateFolderRequestSchema>;
export type UpdateFolderBody = z.input<typeof UpdateFolderRequestSchema>;
export type CreateTagBody = z.input<typeof CreateTagRequestSchema>;
export type UpdateTagBody = z.input<typeof UpdateTagRequestSchema>;
export type CreateBotBody = z.input<typeof CreateBotRequestSchema>;
