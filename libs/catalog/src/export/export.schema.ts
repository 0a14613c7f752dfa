import { STATUS_FILTERS } from '@cs/domain';
import { oneOf, PAGE, QueryParams } from '@cs/paging';
import { z } from 'zod/v4';
import { CONVERSATION_FILTER_FIELDS } from '../conversations/conversation-filters';
import { dateTime } from '../params/filter-fields';
import { ConversationSchema, SourceSchema } from '../resources/read-resources.schema';
import { SegmentSchema } from '../sources/segment.schema';

/**
 * GET /api/v1/export: the list's filters, except that `status` defaults to `all` (an export is a backup: it takes
 * everything unless asked), and no `q` or `limit` (the stream has no pages). `cursor` is any line's.
 */
export const EXPORT_PARAMS = new QueryParams(
  z.strictObject({
    ...CONVERSATION_FILTER_FIELDS,
    status: oneOf(STATUS_FILTERS, 'all'),
    updated_after: dateTime.optional(),
    cursor: PAGE.cursor,
  }),
);

export type ExportParams = z.output<typeof EXPORT_PARAMS.schema>;

/**
 * How the stream reads: keyset batches of at most `batchConversations` conversations, each fetched with its sources in
 * statements of about `batchBytes` of stored text at most (one conversation, however big, in one statement), so the
 * api holds one such batch at a time whatever the workspace's size.
 */
export const EXPORT_LIMITS = { batchConversations: 200, batchBytes: 4 * 1024 * 1024 } as const;

export const ExportedSourceSchema = SourceSchema.extend({
  segments: z
    .array(SegmentSchema)
    .nullable()
    .meta({ description: 'A transcript\'s speaker turns, as GET …/sources/{source_id}/segments gives them unfiltered; null for other sources.' }),
}).meta({ description: 'A source as the retrieve response gives it, with a transcript\'s turns as data.' });

export const ExportedConversationSchema = ConversationSchema.extend({
  sources: z.array(ExportedSourceSchema).meta({ description: 'Sources of the conversation, in order, with content and, for transcripts, segments.' }),
}).meta({ description: 'A conversation as GET /api/v1/conversations/{id} returns it, each transcript with its segments.' });

export const ExportConversationLineSchema = z
  .strictObject({
    type: z.literal('conversation'),
    cursor: z.string().meta({ description: 'Pass it as `cursor` to resume the export after this line (signed, bound to the caller and the filters, valid 24 hours).' }),
    conversation: ExportedConversationSchema,
  })
  .meta({ description: 'One conversation.' });

export const ExportEndLineSchema = z
  .strictObject({
    type: z.literal('end'),
    exported: z.int().min(0).meta({ description: 'How many conversation lines this response sent.' }),
  })
  .meta({ description: 'The last line of a complete export. A stream that ends without it was cut: resume from the last line\'s cursor.' });

export const ExportLineSchema = z
  .discriminatedUnion('type', [ExportConversationLineSchema, ExportEndLineSchema])
  .meta({ description: 'One line of the NDJSON export: a conversation, then, last, the end.' });

/** The export's resources by the names the OpenAPI document gives their components. */
export const EXPORT_RESOURCE_SCHEMAS = {
  ExportedSource: ExportedSourceSchema,
  ExportedConversation: ExportedConversationSchema,
  ExportLine: ExportLineSchema,
};

export type ExportedSource = z.output<typeof ExportedSourceSchema>;
export type ExportedConversation = z.output<typeof ExportedConversationSchema>;
export type ExportLine = z.output<typeof ExportLineSchema>;
