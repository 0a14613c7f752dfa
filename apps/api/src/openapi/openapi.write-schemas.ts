import { BOT_STATUSES, VISIBILITIES } from '@cs/domain';
import { LIMITS } from '@cs/writes';
import { exampleId, idPattern, schemaRef } from './openapi.schemas';
import type { JsonSchema } from './openapi.types';

/** Request bodies are closed too: an unknown field is a 400, so the schema says so. */
const body = (description: string, properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  description,
  additionalProperties: false,
  required,
  properties,
});

const name = (max: number, description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: max, description });
const nullable = (schema: JsonSchema): JsonSchema => ({ ...schema, type: [schema['type'], 'null'] });
const visibility = (fallback: string): JsonSchema => ({
  type: 'string',
  enum: [...VISIBILITIES],
  description: `\`private\`: only the owner sees it; \`workspace\`: every member does. Default \`${fallback}\`.`,
});
const title: JsonSchema = nullable(name(LIMITS.title, `Title, at most ${LIMITS.title} characters.`));
const textContent = (what: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: LIMITS.textContent, description: what });

export function buildWriteSchemas(): Record<string, JsonSchema> {
  const seconds = (description: string): JsonSchema => ({ type: 'number', minimum: 0, maximum: LIMITS.maxSeconds, description });
  return {
    TranscriptSegmentInput: body(
      'One utterance. `end_seconds` must not be before `start_seconds`.',
      {
        speaker: name(LIMITS.speaker, 'Raw speaker label, e.g. `Speaker 1`, or a name.'),
        start_seconds: seconds('Offset from the start of the recording.'),
        end_seconds: seconds('Offset of the end of the utterance.'),
        text: { type: 'string', minLength: 1, maxLength: LIMITS.segmentText, description: 'What was said.' },
      },
      ['speaker', 'start_seconds', 'end_seconds', 'text'],
    ),
    TranscriptSourceInput: body(
      'A transcript: processing renders the time-stamped content, the participants, the language (detected when not given) and the duration.',
      {
        type: { const: 'transcript' },
        title,
        segments: { type: 'array', minItems: 1, maxItems: LIMITS.segmentsPerTranscript, items: schemaRef('TranscriptSegmentInput') },
        speaker_names: {
          type: 'object',
          additionalProperties: name(LIMITS.speaker, 'The name.'),
          description: 'Names users gave to raw speaker labels (`{"Speaker 1": "Ada Lovelace"}`); participants show the name.',
        },
        language: { type: 'string', pattern: '^[a-z]{3}$', description: 'ISO 639-3 code; detected from the text when omitted.' },
        meeting_url: nullable({ type: 'string', format: 'uri', maxLength: LIMITS.url, description: 'Join URL of the meeting (https).' }),
        attendees: { type: 'array', maxItems: LIMITS.attendees, items: { type: 'string', format: 'email' }, description: 'Calendar attendees.' },
        duration_seconds: { type: 'integer', minimum: 0, maximum: LIMITS.maxSeconds, description: 'Recording length; defaults to the end of the last segment.' },
      },
      ['type', 'segments'],
    ),
    DocumentSourceInput: body('A document written in the service, in markdown; its content is shown as plain text.', { type: { const: 'document' }, title, content: textContent('Markdown.') }, ['type', 'content']),
    TextSourceInput: body('A pasted plain-text snippet.', { type: { const: 'text' }, title, content: textContent('The text.') }, ['type', 'content']),
    SourceInput: {
      description: 'A source given as JSON; files are uploaded as multipart/form-data to POST /conversations/{id}/sources.',
      oneOf: [schemaRef('TranscriptSourceInput'), schemaRef('DocumentSourceInput'), schemaRef('TextSourceInput')],
    },
    CreateConversationRequest: body(
      'A new conversation. It is created `pending` and processed in the background; `conversation.ready` or `conversation.failed` follows.',
      {
        title,
        folder_id: nullable({ type: 'string', pattern: idPattern('folder'), description: 'A folder the caller can see; null or omitted for the root.' }),
        visibility: visibility('private'),
        tag_ids: { type: 'array', maxItems: LIMITS.tagsPerConversation, items: { type: 'string' }, description: 'Tags of the workspace to apply.' },
        started_at: { type: 'string', format: 'date-time', description: 'When the meeting started (events carry it); defaults to created_at.' },
        sources: { type: 'array', minItems: 1, maxItems: LIMITS.sourcesPerRequest, items: schemaRef('SourceInput') },
      },
      ['sources'],
    ),
    UpdateConversationRequest: body('Fields to change; omitted ones stay as they are, null clears.', {
      title,
      folder_id: nullable({ type: 'string', description: 'Move to this folder; null for the root.' }),
      visibility: visibility('unchanged'),
    }),
    FileSourceUpload: {
      type: 'object',
      description: 'A file source: PDF, DOCX, PPTX, TXT or MD, at most 25 MiB; its plain text is extracted by processing.',
      required: ['file'],
      properties: {
        file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file, with its name.' },
        title: name(LIMITS.title, 'Title of the source; defaults to the file name.'),
      },
    },
    CreateFolderRequest: body(
      'A new folder.',
      {
        name: name(LIMITS.folderName, 'Folder name.'),
        parent_id: nullable({ type: 'string', pattern: idPattern('folder'), description: 'A folder the caller can see; null or omitted for top level.' }),
        visibility: visibility('workspace'),
      },
      ['name'],
    ),
    UpdateFolderRequest: body('Fields to change; moving a folder into itself or below itself is a 409.', {
      name: name(LIMITS.folderName, 'Folder name.'),
      parent_id: nullable({ type: 'string', description: 'New parent; null for top level.' }),
      visibility: visibility('unchanged'),
    }),
    CreateTagRequest: body(
      'A new tag; names are unique in the workspace, compared case-insensitively.',
      {
        name: name(LIMITS.tagName, 'Tag name.'),
        color: nullable({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$', description: 'Hex colour, stored in lower case.' }),
        description: nullable({ type: 'string', maxLength: LIMITS.tagDescription, description: 'What the tag is for.' }),
      },
      ['name'],
    ),
    UpdateTagRequest: body('Fields to change.', {
      name: name(LIMITS.tagName, 'Tag name.'),
      color: nullable({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$', description: 'Hex colour; null removes it.' }),
      description: nullable({ type: 'string', maxLength: LIMITS.tagDescription, description: 'What the tag is for.' }),
    }),
    CreateBotRequest: body(
      'A recorder bot that joins the meeting at `join_at` (now when omitted) and records into a new pending conversation.',
      {
        meeting_url: { type: 'string', format: 'uri', maxLength: LIMITS.url, description: 'Join URL of the meeting (https).' },
        title,
        join_at: { type: 'string', format: 'date-time', description: 'When to join; now when omitted.' },
        folder_id: nullable({ type: 'string', pattern: idPattern('folder'), description: 'Folder of the conversation.' }),
      },
      ['meeting_url'],
    ),
    RecorderEvent: body(
      'A recorder\'s report about one bot. `done` carries the transcript; `failed` a reason (not_admitted, verification_required and ' +
        'captcha_required become the conversation\'s termination_reason).',
      {
        bot_id: { type: 'string', pattern: idPattern('bot') },
        status: { type: 'string', enum: BOT_STATUSES.filter((s) => s !== 'scheduled') },
        reason: { type: 'string', minLength: 1, maxLength: 100 },
        occurred_at: { type: 'string', format: 'date-time' },
        transcript: {
          type: 'object',
          description: 'As a transcript source, without type, title and meeting_url (the bot\'s meeting URL is used).',
          required: ['segments'],
          properties: { segments: { type: 'array', minItems: 1, items: schemaRef('TranscriptSegmentInput') } },
        },
      },
      ['bot_id', 'status'],
    ),
    RecorderEventOutcome: {
      type: 'object',
      additionalProperties: false,
      required: ['outcome'],
      properties: { outcome: { type: 'string', enum: ['applied', 'ignored'] } },
    },
    Bot: {
      type: 'object',
      description: 'A recorder bot.',
      additionalProperties: false,
      required: ['id', 'status', 'meeting_url', 'join_at', 'conversation_id', 'created_at'],
      properties: {
        id: { type: 'string', pattern: idPattern('bot'), examples: [exampleId('bot')] },
        status: {
          type: 'string',
          enum: [...BOT_STATUSES],
          description:
            '`scheduled` → `joining` → `waiting_room` → `recording` → `done`, or `failed` at any point. When it fails because the host ' +
            'did not admit it or the platform asked for verification or a CAPTCHA, its conversation ends in `error` with that `termination_reason`.',
        },
        meeting_url: { type: 'string' },
        join_at: { type: ['string', 'null'], format: 'date-time' },
        conversation_id: { type: 'string', pattern: idPattern('conversation') },
        created_at: { type: 'string', format: 'date-time' },
      },
    },
  };
}
