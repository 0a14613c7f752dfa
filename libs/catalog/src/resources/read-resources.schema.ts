import {
  type ActionItem,
  CONVERSATION_STATUSES,
  type Conversation,
  type ConversationListEntry,
  DIGEST_MAX_LENGTH,
  type Folder,
  type IdKind,
  idPattern,
  type Me,
  prefixedId,
  SOURCE_TYPES,
  type TagCatalogEntry,
  TERMINATION_REASONS,
  timestamp,
} from '@cs/domain';
import { listEnvelope } from '@cs/paging';
import { SegmentPageSchema, SegmentSchema } from '../sources/segment.schema';
import { z } from 'zod/v4';

/**
 * The read resources (spec "Resources and their fields"), written once: OpenAPI's components and MCP's output schemas
 * are generated from these. Objects are strict: a field the contract does not name is a defect, and the e2e suites
 * check every answer against the document. `satisfies` keeps each schema equal to the @cs/domain type the catalog returns.
 */

const nullableId = (kind: IdKind, description: string) => z.string().regex(new RegExp(idPattern(kind))).nullable().meta({ description });

const email = () => z.string().meta({ format: 'email' });

const nullableText = (description: string) => z.string().nullable().meta({ description });

const tagInlineFields = {
  id: prefixedId('tag', 'Tag id; use it as a `tag_id` filter of GET /api/v1/conversations.'),
  name: z.string().meta({ description: 'Tag name.' }),
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .nullable()
    .meta({ description: 'Hex colour such as `#2f80ed`; null if the tag has none.' }),
};

export const TagInlineSchema = z.strictObject(tagInlineFields).meta({ description: 'A tag as it appears on a conversation.' });

export const TagCatalogEntrySchema = z
  .strictObject({
    ...tagInlineFields,
    description: nullableText('What the tag is for; null when not set.'),
    applied_count: z
      .int()
      .min(0)
      .meta({
        description:
          'Number of conversations the tag is applied to, counted over the conversations visible to the caller, of any status. ' +
          'AI-suggested tags the user has not accepted are not counted.',
      }),
  })
  .meta({ description: 'A tag of the workspace catalog (GET /api/v1/tags).' }) satisfies z.ZodType<TagCatalogEntry>;

export const ParticipantSchema = z
  .strictObject({
    name: z.string().meta({ description: 'The speaker name if the user labeled the speaker, otherwise the raw speaker label (e.g. `Speaker 1`).' }),
  })
  .meta({ description: 'A speaker detected in a transcript.' });

const sourceLiteFields = {
  id: prefixedId('source', 'Source id.'),
  type: z.enum(SOURCE_TYPES).meta({
    description:
      '`transcript`: speaker-labeled, time-stamped text of a recorded meeting. `document`: a document authored inside the service. ' +
      '`text`: a pasted plain-text snippet. `file`: an uploaded file (PDF, slide deck, Word document) with extracted plain text.',
  }),
  duration_seconds: z.int().min(0).nullable().meta({ description: 'Recording length in seconds; null for non-transcript sources.' }),
  language: z
    .string()
    .regex(/^[a-z]{3}$/)
    .nullable()
    .meta({ description: 'ISO 639-3 code of the spoken language, e.g. `eng`; null for non-transcript sources.' }),
};

export const SourceLiteSchema = z.strictObject(sourceLiteFields).meta({ description: 'A source as listed inside a conversation list entry: no title, no content.' });

export const SourceSchema = z
  .strictObject({
    ...sourceLiteFields,
    title: nullableText('Source title; null when it has none.'),
    added_at: z.string().meta({ format: 'date-time' }).nullable().meta({ description: 'When the source was added.' }),
    meeting_url: z
      .url()
      .nullable()
      .meta({ description: 'Join URL of the video meeting the transcript came from; null for transcripts of uploaded files and non-transcript sources.' }),
    attendees: z.array(email()).meta({
      description:
        "Addresses from the meeting's calendar attendee list. Empty when there is no calendar data and for non-transcript sources. " +
        'May differ from participants.',
    }),
    content: nullableText(
      'Plain-text rendering. For transcripts, one line per segment, `[HH:MM:SS] Speaker: text`, lines joined by `\\n`. ' +
        'May be null if text extraction failed for an uploaded file.',
    ),
    participants: z.array(ParticipantSchema).meta({ description: 'Speakers detected in the transcript; empty for non-transcript sources.' }),
  })
  .meta({ description: 'A source attached to a conversation, with its full content.' });

const conversationFields = {
  id: prefixedId('conversation', 'Conversation id.'),
  title: nullableText('Title, or null when it has none.'),
  created_at: timestamp('When the conversation was created. For incremental sync, pass the newest created_at seen as the next `created_after`.'),
  updated_at: timestamp('When the conversation last changed.'),
  status: z
    .enum(CONVERSATION_STATUSES)
    .nullable()
    .meta({
      description:
        'Processing state. `pending`: being processed. `ready`: processed; summary and transcript content may be read. ' +
        '`error`: processing failed or a meeting-bot recording was terminated. Read summary and content only when `ready`.',
    }),
  termination_reason: z
    .enum(TERMINATION_REASONS)
    .nullable()
    .meta({
      description:
        'Set only when status is `error` because a meeting-bot recording ended before audio was captured: ' +
        '`not_admitted` (never let in from the waiting room), `verification_required` (the platform asked for email verification), ' +
        '`captcha_required` (the platform asked for a CAPTCHA). null for any other error and for non-error states.',
    }),
  folder_id: nullableId('folder', 'Immediate containing folder; null for conversations at the workspace root.'),
  digest: z
    .string()
    .max(DIGEST_MAX_LENGTH)
    .nullable()
    .meta({
      description:
        `AI-generated short summary, at most ${DIGEST_MAX_LENGTH} characters however they are counted: in UTF-16 code units ` +
        '(JavaScript string length), hence also in code points and in user-perceived characters.',
    }),
  tags: z
    .array(TagInlineSchema)
    .meta({ description: 'Tags applied to the conversation. AI-suggested tags the user has not accepted are excluded. Empty when none.' }),
};

export const ConversationListEntrySchema = z
  .strictObject({
    ...conversationFields,
    sources: z.array(SourceLiteSchema).meta({ description: 'Sources of the conversation, in order.' }),
  })
  .meta({ description: 'A conversation as listed: no summary, sources without content.' }) satisfies z.ZodType<ConversationListEntry>;

export const ActionItemSchema = z
  .strictObject({
    text: z.string().meta({ description: 'What is to be done, as it was said (without the addressee and the due phrase).' }),
    owner: nullableText("Who is to do it: a participant's name as the sources show it; null when nobody was named."),
    due: nullableText('When, as it was said (`by Friday`, `next week`); null when no time was said.'),
    source_id: prefixedId('source', 'The source the item was said or written in.'),
    start_seconds: z
      .number()
      .min(0)
      .nullable()
      .meta({ description: 'In a transcript, the start of the turn that said it, in seconds from the start; null for other sources or when not known.' }),
  })
  .meta({ description: 'An action item recognised in the conversation; it also appears in the summary.' }) satisfies z.ZodType<ActionItem>;

export const ConversationSchema = z
  .strictObject({
    ...conversationFields,
    summary: nullableText(
      'User-facing summary in markdown: a short overview, then topical sections, then `## Decisions`, `## Action items` and `## Key principles` when there are any, as bullets.',
    ),
    action_items: z
      .array(ActionItemSchema)
      .meta({ description: 'Action items of the summary, in the order they were said; empty when none (and while pending or in error).' }),
    sources: z.array(SourceSchema).meta({ description: 'Sources of the conversation, in order, with content.' }),
  })
  .meta({ description: 'A conversation with its summary and full sources.' }) satisfies z.ZodType<Conversation>;

export const FolderSchema = z
  .strictObject({
    id: prefixedId('folder', 'Folder id.'),
    name: z.string().meta({ description: 'Folder name.' }),
    parent_id: nullableId('folder', 'Parent folder id; null for top-level folders.'),
    created_at: timestamp('When the folder was created.'),
  })
  .meta({ description: 'A folder.' }) satisfies z.ZodType<Folder>;

export const MeSchema = z
  .strictObject({
    user_id: prefixedId('user', 'The user the token or API key acts for.'),
    email: email()
      .nullable()
      .meta({ description: "The user's email address; null unless the `email` scope was granted (API keys always carry it)." }),
    workspace_id: prefixedId('workspace', 'The workspace the token or API key is bound to.'),
    workspace_name: z.string().meta({ description: 'Name of that workspace.' }),
  })
  .meta({ description: 'The user and workspace the credential is bound to.' }) satisfies z.ZodType<Me>;

export const ConversationPageSchema = listEnvelope(ConversationListEntrySchema, 'A page of conversations.');
export const TagPageSchema = listEnvelope(TagCatalogEntrySchema, 'A page of tags.');
export const FolderPageSchema = listEnvelope(FolderSchema, 'A page of folders.');

/** The read resources by the names the OpenAPI document gives their components. */
export const READ_RESOURCE_SCHEMAS = {
  TagInline: TagInlineSchema,
  TagCatalogEntry: TagCatalogEntrySchema,
  Participant: ParticipantSchema,
  SourceLite: SourceLiteSchema,
  Source: SourceSchema,
  ConversationListEntry: ConversationListEntrySchema,
  Conversation: ConversationSchema,
  Folder: FolderSchema,
  Me: MeSchema,
  ConversationPage: ConversationPageSchema,
  TagPage: TagPageSchema,
  FolderPage: FolderPageSchema,
  Segment: SegmentSchema,
  SegmentPage: SegmentPageSchema,
};
