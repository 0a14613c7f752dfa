import { z } from 'zod/v4';
import { atMost, dateTimeField, fieldsPresent, folderIdField, idField, LIMITS, listOf, meetingUrlField, mustBeAString, nameField, NOT_EMPTY, ON_STRINGS, typeError, visibilityField } from '../validation/fields';

const seconds = (name: string, description: string) =>
  z
    .number({ error: typeError(`${name} must be a number`) })
    .min(0, { error: 'must not be negative' })
    .max(LIMITS.maxSeconds, { error: `must be at most ${LIMITS.maxSeconds}` })
    .meta({ description });

export const TranscriptSegmentInputSchema = z
  .strictObject({
    speaker: nameField(LIMITS.speaker).meta({ description: 'Raw speaker label, e.g. `Speaker 1`, or a name.' }),
    start_seconds: seconds('start_seconds', 'Offset from the start of the recording.'),
    end_seconds: seconds('end_seconds', 'Offset of the end of the utterance.'),
    text: mustBeAString()
      .trim()
      .min(1, NOT_EMPTY)
      .max(LIMITS.segmentText, atMost(LIMITS.segmentText))
      .meta({ description: 'What was said.' }),
  })
  .refine((s) => s.end_seconds >= s.start_seconds, { path: ['end_seconds'], error: 'must not be before start_seconds', when: fieldsPresent })
  .meta({ description: 'One utterance. `end_seconds` must not be before `start_seconds`.' });

const title = () => nameField(LIMITS.title).nullable().optional().meta({ description: `Title, at most ${LIMITS.title} characters.` });

const speakerName = () => nameField(LIMITS.speaker);

/**
 * Raw label → name. Each entry is checked here, label then name, so an entry whose label and name are both bad gets
 * both reasons, entry by entry (zod 4's record would skip the name of a bad label); the record then sees only the
 * good entries, and trims them.
 */
const speakerNames = () =>
  z.preprocess(
    (value, ctx) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const good: Record<string, unknown> = {};
      for (const [label, name] of Object.entries(value)) {
        const problems = [...(speakerName().safeParse(label).error?.issues ?? []), ...(speakerName().safeParse(name).error?.issues ?? [])];
        for (const issue of problems) ctx.addIssue({ code: 'custom', path: [label], message: issue.message, input: name });
        if (problems.length === 0) good[label] = name;
      }
      return good;
    },
    z.record(speakerName(), speakerName().meta({ description: 'The name.' })),
  );

export const TranscriptSourceInputSchema = z
  .strictObject({
    type: z.literal('transcript'),
    title: title(),
    segments: listOf(TranscriptSegmentInputSchema, {
      min: { value: 1, error: 'must hold at least one segment' },
      max: { value: LIMITS.segmentsPerTranscript, error: `must hold at most ${LIMITS.segmentsPerTranscript} segments` },
    }),
    /** User-set speaker names by raw label ("Speaker 1" → "Ada Lovelace"); participants show the name. */
    speaker_names: speakerNames()
      .optional()
      .meta({ description: 'Names users gave to raw speaker labels (`{"Speaker 1": "Ada Lovelace"}`); participants show the name.' }),
    language: z
      .string()
      .regex(/^[a-z]{3}$/, { error: 'must be an ISO 639-3 code such as eng' })
      .optional()
      .meta({ description: 'ISO 639-3 code; detected from the text when omitted.' }),
    meeting_url: meetingUrlField.nullable().optional(),
    attendees: listOf(z.string().email({ error: 'must be an email address' }).max(320, ON_STRINGS), {
      max: { value: LIMITS.attendees, error: `must hold at most ${LIMITS.attendees} addresses` },
    })
      .optional()
      .meta({ description: 'Calendar attendees.' }),
    duration_seconds: z
      .number()
      // Not z.int(): a fraction out of range gets both reasons in one answer.
      .refine(Number.isInteger, { error: 'must be an integer' })
      .min(0)
      .max(LIMITS.maxSeconds)
      .optional()
      .meta({ type: 'integer', description: 'Recording length; defaults to the end of the last segment.' }),
  })
  .meta({
    description: 'A transcript: processing renders the time-stamped content, the participants, the language (detected when not given) and the duration.',
  });

const textContent = (description: string) =>
  mustBeAString()
    .refine((v) => v.trim().length > 0, { error: 'must not be empty' })
    .refine((v) => v.length <= LIMITS.textContent, atMost(LIMITS.textContent))
    .meta({ minLength: 1, maxLength: LIMITS.textContent, description });

export const DocumentSourceInputSchema = z
  .strictObject({ type: z.literal('document'), title: title(), content: textContent('Markdown.') })
  .meta({ description: 'A document written in the service, in markdown; its content is shown as plain text.' });

export const TextSourceInputSchema = z
  .strictObject({ type: z.literal('text'), title: title(), content: textContent('The text.') })
  .meta({ description: 'A pasted plain-text snippet.' });

const SOURCE_TYPES = ['transcript', 'document', 'text'] as const;

/** A JSON source; `file` sources come as multipart uploads only. */
export const SourceInputSchema = z
  .discriminatedUnion('type', [TranscriptSourceInputSchema, DocumentSourceInputSchema, TextSourceInputSchema], {
    error: (issue) => (issue.code === 'invalid_union' ? `must be one of ${SOURCE_TYPES.join(', ')}` : undefined),
  })
  .meta({ description: 'A source given as JSON; files are uploaded as multipart/form-data to POST /conversations/{id}/sources.' });
export type SourceInput = z.output<typeof SourceInputSchema>;
export type TranscriptInput = z.output<typeof TranscriptSourceInputSchema>;

const folderId = (description: string) => idField.nullable().optional().meta({ description });

export const CreateConversationRequestSchema = z
  .strictObject({
    title: title(),
    folder_id: folderIdField.nullable().optional().meta({ description: 'A folder the caller can see; null or omitted for the root.' }),
    visibility: visibilityField('private').optional(),
    tag_ids: listOf(idField, { max: { value: LIMITS.tagsPerConversation, error: `must hold at most ${LIMITS.tagsPerConversation} tags` } })
      .optional()
      .meta({ description: 'Tags of the workspace to apply.' }),
    started_at: dateTimeField('When the meeting started (events carry it); defaults to created_at.').optional(),
    sources: listOf(SourceInputSchema, {
      min: { value: 1, error: 'must hold at least one source' },
      max: { value: LIMITS.sourcesPerRequest, error: `must hold at most ${LIMITS.sourcesPerRequest} sources` },
    }),
  })
  .meta({
    description: 'A new conversation. It is created `pending` and processed in the background; `conversation.ready` or `conversation.failed` follows.',
  });
export type CreateConversationInput = z.output<typeof CreateConversationRequestSchema>;

export const UpdateConversationRequestSchema = z
  .strictObject({ title: title(), folder_id: folderId('Move to this folder; null for the root.'), visibility: visibilityField('unchanged').optional() })
  .meta({ description: 'Fields to change; omitted ones stay as they are, null clears.' });
export type UpdateConversationInput = z.output<typeof UpdateConversationRequestSchema>;
