import type { JsonSchema } from '@cs/catalog';
import { CONVERSATION_STATUSES, DIGEST_MAX_LENGTH, ID_PREFIXES, type IdKind, SOURCE_TYPES, TERMINATION_REASONS } from '@cs/domain';


/**
 * Output schemas of the tools: the REST API's resource shapes (spec "Resources and their fields"), inlined
 * rather than referenced so every MCP client can read them without resolving `$ref`s.
 */
const id = (kind: IdKind, description: string): JsonSchema => ({ type: 'string', pattern: `^${ID_PREFIXES[kind]}_`, description });
const nullableId = (kind: IdKind, description: string): JsonSchema => ({ type: ['string', 'null'], pattern: `^${ID_PREFIXES[kind]}_`, description });
const dateTime = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const object = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

const tagInline = object({
  id: id('tag', 'Tag id.'),
  name: { type: 'string', description: 'Tag name.' },
  color: { type: ['string', 'null'], description: 'Hex colour such as #2f80ed; null if the tag has none.' },
});

const conversationFields = (): Record<string, JsonSchema> => ({
  id: id('conversation', 'Conversation id; pass it to get-conversation.'),
  title: { type: ['string', 'null'], description: 'Title, or null when it has none.' },
  created_at: dateTime('When the conversation was created; the newest one seen is the next created_after for incremental sync.'),
  updated_at: dateTime('When the conversation last changed.'),
  status: {
    type: ['string', 'null'],
    enum: [...CONVERSATION_STATUSES, null],
    description: 'pending: being processed. ready: summary and transcript may be read. error: processing failed or the meeting bot was stopped.',
  },
  termination_reason: {
    type: ['string', 'null'],
    enum: [...TERMINATION_REASONS, null],
    description:
      'Only when status is error because a meeting-bot recording ended before audio was captured: not_admitted (never let in), ' +
      'verification_required (the platform asked for email verification), captcha_required (the platform asked for a CAPTCHA). null otherwise.',
  },
  folder_id: nullableId('folder', 'Immediate containing folder; null at the workspace root.'),
  digest: { type: ['string', 'null'], maxLength: DIGEST_MAX_LENGTH, description: `AI-generated one-line summary, at most ${DIGEST_MAX_LENGTH} characters.` },
  tags: { type: 'array', items: tagInline, description: 'Tags applied (AI suggestions the user has not accepted are excluded).' },
});

const sourceLiteFields = (): Record<string, JsonSchema> => ({
  id: id('source', 'Source id.'),
  type: {
    type: 'string',
    enum: [...SOURCE_TYPES],
    description: 'transcript: speaker-labeled, time-stamped meeting text. document: authored in the service. text: pasted snippet. file: uploaded file with extracted text.',
  },
  duration_seconds: { type: ['integer', 'null'], minimum: 0, description: 'Recording length in seconds; null for non-transcript sources.' },
  language: { type: ['string', 'null'], description: 'ISO 639-3 code such as eng; null for non-transcript sources.' },
});

const source = object({
  ...sourceLiteFields(),
  title: { type: ['string', 'null'], description: 'Source title.' },
  added_at: { type: ['string', 'null'], format: 'date-time', description: 'When the source was added.' },
  meeting_url: { type: ['string', 'null'], description: 'Join URL of the meeting the transcript came from, when known.' },
  attendees: { type: 'array', items: { type: 'string' }, description: 'Email addresses from the calendar invitation; may differ from participants.' },
  content: {
    type: ['string', 'null'],
    description: 'Full plain text. Transcripts: one line per segment, "[HH:MM:SS] Speaker: text". null if extraction failed for a file.',
  },
  participants: {
    type: 'array',
    items: object({ name: { type: 'string', description: 'Speaker name as labeled by the user, or the raw label such as "Speaker 1".' } }),
    description: 'Speakers detected in the transcript; empty for other source types.',
  },
});

const envelope = (item: JsonSchema, what: string): JsonSchema =>
  object(
    {
      data: { type: 'array', items: item, description: `${what} of this page.` },
      next_cursor: { type: ['string', 'null'], description: 'Pass as cursor to get the next page; null on the last page.' },
      has_more: { type: 'boolean', description: 'false on the last page.' },
    },
    `One page of ${what.toLowerCase()}.`,
  );

export const CONVERSATION_PAGE_SCHEMA = envelope(
  object({ ...conversationFields(), sources: { type: 'array', items: object(sourceLiteFields()), description: 'Sources, without content.' } }),
  'Conversations',
);

export const CONVERSATION_SCHEMA = object(
  {
    ...conversationFields(),
    summary: { type: ['string', 'null'], description: 'Markdown summary: a short overview, then topical sections and key points as bullets.' },
    sources: { type: 'array', items: source, description: 'Every source with its full content.' },
  },
  'A conversation with its summary and full sources.',
);

export const FOLDER_PAGE_SCHEMA = envelope(
  object({
    id: id('folder', 'Folder id; pass it as folder_id.'),
    name: { type: 'string', description: 'Folder name.' },
    parent_id: nullableId('folder', 'Parent folder id; null for top-level folders.'),
    created_at: dateTime('When the folder was created.'),
  }),
  'Folders',
);

export const ME_SCHEMA = object(
  {
    user_id: id('user', 'The user this connection acts for.'),
    email: { type: ['string', 'null'], description: "The user's email address; null unless the email scope was granted." },
    workspace_id: id('workspace', 'The connected workspace.'),
    workspace_name: { type: 'string', description: 'Name of the connected workspace.' },
  },
  'The user and workspace this connection is bound to.',
);
