import {
  CONVERSATION_STATUSES,
  DIGEST_MAX_LENGTH,
  ID_PREFIXES,
  type IdKind,
  PROBLEM_STATUS,
  SOURCE_TYPES,
  TERMINATION_REASONS,
} from '@cs/domain';
import type { JsonSchema } from './openapi.types';

export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Mirrors `isIdOf` in libs/domain: prefixed, lower-case Crockford base32, time-sortable. */
export const idPattern = (kind: IdKind): string => `^${ID_PREFIXES[kind]}_[0-9a-hjkmnp-tv-z]{26}$`;

/** A stable example id per kind (the drift check needs the document to be deterministic). */
export const exampleId = (kind: IdKind, suffix = '01jd8x3k4m5n6p7q8r9s0t1v2w'): string => `${ID_PREFIXES[kind]}_${suffix}`;

export const id = (kind: IdKind, description: string): JsonSchema => ({
  type: 'string',
  pattern: idPattern(kind),
  description,
  examples: [exampleId(kind)],
});

const nullableId = (kind: IdKind, description: string): JsonSchema => ({
  type: ['string', 'null'],
  pattern: idPattern(kind),
  description,
});

export const dateTime = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

/** Response objects are closed: a field the document does not name is a defect, and the e2e suite checks for it. */
export const closedObject = (description: string, properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: false,
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});

const conversationFields = (): Record<string, JsonSchema> => ({
  id: id('conversation', 'Conversation id.'),
  title: { type: ['string', 'null'], description: 'Title, or null when it has none.' },
  created_at: dateTime(
    'When the conversation was created. For incremental sync, pass the newest created_at seen as the next `created_after`.',
  ),
  updated_at: dateTime('When the conversation last changed.'),
  status: {
    type: ['string', 'null'],
    enum: [...CONVERSATION_STATUSES, null],
    description:
      'Processing state. `pending`: being processed. `ready`: processed; summary and transcript content may be read. ' +
      '`error`: processing failed or a meeting-bot recording was terminated. Read summary and content only when `ready`.',
  },
  termination_reason: {
    type: ['string', 'null'],
    enum: [...TERMINATION_REASONS, null],
    description:
      'Set only when status is `error` because a meeting-bot recording ended before audio was captured: ' +
      '`not_admitted` (never let in from the waiting room), `verification_required` (the platform asked for email verification), ' +
      '`captcha_required` (the platform asked for a CAPTCHA). null for any other error and for non-error states.',
  },
  folder_id: nullableId('folder', 'Immediate containing folder; null for conversations at the workspace root.'),
  digest: {
    type: ['string', 'null'],
    maxLength: DIGEST_MAX_LENGTH,
    description:
      `AI-generated short summary, at most ${DIGEST_MAX_LENGTH} characters however they are counted: in UTF-16 code units ` +
      '(JavaScript string length), hence also in code points and in user-perceived characters.',
  },
  tags: {
    type: 'array',
    items: schemaRef('TagInline'),
    description: 'Tags applied to the conversation. AI-suggested tags the user has not accepted are excluded. Empty when none.',
  },
});

const sourceType: JsonSchema = {
  type: 'string',
  enum: [...SOURCE_TYPES],
  description:
    '`transcript`: speaker-labeled, time-stamped text of a recorded meeting. `document`: a document authored inside the service. ' +
    '`text`: a pasted plain-text snippet. `file`: an uploaded file (PDF, slide deck, Word document) with extracted plain text.',
};

const sourceLiteFields = (): Record<string, JsonSchema> => ({
  id: id('source', 'Source id.'),
  type: sourceType,
  duration_seconds: { type: ['integer', 'null'], minimum: 0, description: 'Recording length in seconds; null for non-transcript sources.' },
  language: {
    type: ['string', 'null'],
    pattern: '^[a-z]{3}$',
    description: 'ISO 639-3 code of the spoken language, e.g. `eng`; null for non-transcript sources.',
  },
});

const tagInlineFields = (): Record<string, JsonSchema> => ({
  id: id('tag', 'Tag id; use it as a `tag_id` filter of GET /api/v1/conversations.'),
  name: { type: 'string', description: 'Tag name.' },
  color: { type: ['string', 'null'], pattern: '^#[0-9a-f]{6}$', description: 'Hex colour such as `#2f80ed`; null if the tag has none.' },
});

export const listEnvelope = (item: string, description: string): JsonSchema => ({
  type: 'object',
  description: `${description} Keyset-paginated: follow \`next_cursor\` until \`has_more\` is false.`,
  additionalProperties: false,
  required: ['data', 'next_cursor', 'has_more'],
  properties: {
    data: { type: 'array', items: schemaRef(item), description: 'Resources of this page.' },
    next_cursor: {
      type: ['string', 'null'],
      description:
        'Opaque cursor for the next page; null on the last page. Pass it as `cursor` unchanged. It is signed, expires after 24 hours, ' +
        'and works only for the same endpoint, the same filters and the same caller.',
    },
    has_more: { type: 'boolean', description: 'false on the last page.' },
  },
  // The two fields must agree: a cursor exactly when there is more.
  if: { properties: { has_more: { const: false } } },
  then: { properties: { next_cursor: { type: 'null' } } },
  else: { properties: { next_cursor: { type: 'string', minLength: 1 } } },
});

export function buildSchemas(publicApiUrl: string): Record<string, JsonSchema> {
  const problemTypeBase = `${publicApiUrl}/api/v1/problems/`;
  const problemCodes = Object.keys(PROBLEM_STATUS);
  return {
    TagInline: closedObject('A tag as it appears on a conversation.', tagInlineFields()),
    TagCatalogEntry: closedObject('A tag of the workspace catalog (GET /api/v1/tags).', {
      ...tagInlineFields(),
      description: { type: ['string', 'null'], description: 'What the tag is for; null when not set.' },
      applied_count: {
        type: 'integer',
        minimum: 0,
        description:
          'Number of conversations the tag is applied to, counted over the conversations visible to the caller, of any status. ' +
          'AI-suggested tags the user has not accepted are not counted.',
      },
    }),
    Participant: closedObject('A speaker detected in a transcript.', {
      name: {
        type: 'string',
        description: 'The speaker name if the user labeled the speaker, otherwise the raw speaker label (e.g. `Speaker 1`).',
      },
    }),
    SourceLite: closedObject('A source as listed inside a conversation list entry: no title, no content.', sourceLiteFields()),
    Source: closedObject('A source attached to a conversation, with its full content.', {
      ...sourceLiteFields(),
      title: { type: ['string', 'null'], description: 'Source title; null when it has none.' },
      added_at: { type: ['string', 'null'], format: 'date-time', description: 'When the source was added.' },
      meeting_url: {
        type: ['string', 'null'],
        format: 'uri',
        description: 'Join URL of the video meeting the transcript came from; null for transcripts of uploaded files and non-transcript sources.',
      },
      attendees: {
        type: 'array',
        items: { type: 'string', format: 'email' },
        description:
          "Addresses from the meeting's calendar attendee list. Empty when there is no calendar data and for non-transcript sources. " +
          'May differ from participants.',
      },
      content: {
        type: ['string', 'null'],
        description:
          'Plain-text rendering. For transcripts, one line per segment, `[HH:MM:SS] Speaker: text`, lines joined by `\\n`. ' +
          'May be null if text extraction failed for an uploaded file.',
      },
      participants: {
        type: 'array',
        items: schemaRef('Participant'),
        description: 'Speakers detected in the transcript; empty for non-transcript sources.',
      },
    }),
    ConversationListEntry: closedObject('A conversation as listed: no summary, sources without content.', {
      ...conversationFields(),
      sources: { type: 'array', items: schemaRef('SourceLite'), description: 'Sources of the conversation, in order.' },
    }),
    Conversation: closedObject('A conversation with its summary and full sources.', {
      ...conversationFields(),
      summary: {
        type: ['string', 'null'],
        description: 'User-facing summary in markdown: a short overview, then topical sections and key principles as bullets.',
      },
      sources: { type: 'array', items: schemaRef('Source'), description: 'Sources of the conversation, in order, with content.' },
    }),
    Folder: closedObject('A folder.', {
      id: id('folder', 'Folder id.'),
      name: { type: 'string', description: 'Folder name.' },
      parent_id: nullableId('folder', 'Parent folder id; null for top-level folders.'),
      created_at: dateTime('When the folder was created.'),
    }),
    Me: closedObject('The user and workspace the credential is bound to.', {
      user_id: id('user', 'The user the token or API key acts for.'),
      email: {
        type: ['string', 'null'],
        format: 'email',
        description: "The user's email address; null unless the `email` scope was granted (API keys always carry it).",
      },
      workspace_id: id('workspace', 'The workspace the token or API key is bound to.'),
      workspace_name: { type: 'string', description: 'Name of that workspace.' },
    }),
    ConversationPage: listEnvelope('ConversationListEntry', 'A page of conversations.'),
    TagPage: listEnvelope('TagCatalogEntry', 'A page of tags.'),
    FolderPage: listEnvelope('Folder', 'A page of folders.'),
    InvalidParam: closedObject('One rejected request parameter.', {
      name: { type: 'string', description: 'The parameter name, e.g. `limit`.' },
      reason: { type: 'string', description: 'Why it was rejected.' },
    }),
    Problem: closedObject(
      'An RFC 9457 problem document (media type `application/problem+json`).',
      {
        type: {
          type: 'string',
          format: 'uri',
          pattern: `^${escapeRegExp(problemTypeBase)}[a-z_]+$`,
          description: 'URL of the problem type; GET it for a description of the problem.',
        },
        title: { type: 'string', description: 'Short, human-readable summary of the problem type.' },
        status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status code.' },
        detail: { type: 'string', description: 'Human-readable explanation of this occurrence.' },
        code: { type: 'string', enum: problemCodes, description: 'Stable, machine-readable problem code.' },
        request_id: {
          type: 'string',
          pattern: '^[A-Za-z0-9._-]{1,128}$',
          description: 'Equals the `X-Request-Id` response header; quote it when reporting a problem.',
        },
        invalid_params: {
          type: 'array',
          minItems: 1,
          items: schemaRef('InvalidParam'),
          description: 'On 400 responses: every rejected parameter with its reason.',
        },
        scope: { type: 'string', description: 'On 403 `insufficient_scope`: the scope the operation needs.' },
      },
      ['invalid_params', 'scope'],
    ),
    ProblemType: closedObject('Description of a problem type, served at its `type` URL.', {
      code: { type: 'string', enum: problemCodes, description: 'The problem code.' },
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status this problem is sent with.' },
      title: { type: 'string', description: 'Short summary, as in the problem documents.' },
      description: { type: 'string', description: 'When the problem occurs and what a client should do.' },
    }),
  };
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
