import { z } from 'zod';
import { dateTimeField, idField, LIMITS, meetingUrlField, nameField, visibilityField } from '../validation/fields';

const seconds = (name: string) =>
  z
    .number({ invalid_type_error: `${name} must be a number` })
    .finite()
    .min(0, 'must not be negative')
    .max(LIMITS.maxSeconds, `must be at most ${LIMITS.maxSeconds}`);

const segment = z
  .object({
    speaker: nameField(LIMITS.speaker),
    start_seconds: seconds('start_seconds'),
    end_seconds: seconds('end_seconds'),
    text: z.string({ invalid_type_error: 'must be a string' }).trim().min(1, 'must not be empty').max(LIMITS.segmentText, `must be at most ${LIMITS.segmentText} characters`),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.end_seconds < s.start_seconds) ctx.addIssue({ code: 'custom', path: ['end_seconds'], message: 'must not be before start_seconds' });
  });

const title = nameField(LIMITS.title).nullable().optional();

export const transcriptInput = z
  .object({
    type: z.literal('transcript'),
    title,
    segments: z.array(segment).min(1, 'must hold at least one segment').max(LIMITS.segmentsPerTranscript, `must hold at most ${LIMITS.segmentsPerTranscript} segments`),
    /** User-set speaker names by raw label ("Speaker 1" → "Ada Lovelace"); participants show the name. */
    speaker_names: z.record(nameField(LIMITS.speaker), nameField(LIMITS.speaker)).optional(),
    language: z.string().regex(/^[a-z]{3}$/, 'must be an ISO 639-3 code such as eng').optional(),
    meeting_url: meetingUrlField.nullable().optional(),
    attendees: z.array(z.string().email('must be an email address').max(320)).max(LIMITS.attendees, `must hold at most ${LIMITS.attendees} addresses`).optional(),
    duration_seconds: z.number().int('must be an integer').min(0).max(LIMITS.maxSeconds).optional(),
  })
  .strict();

const textContent = z
  .string({ invalid_type_error: 'must be a string' })
  .refine((v) => v.trim().length > 0, 'must not be empty')
  .refine((v) => v.length <= LIMITS.textContent, `must be at most ${LIMITS.textContent} characters`);

export const documentInput = z.object({ type: z.literal('document'), title, content: textContent }).strict();
export const textInput = z.object({ type: z.literal('text'), title, content: textContent }).strict();

/** A JSON source; `file` sources come as multipart uploads only. */
export const sourceInput = z.discriminatedUnion('type', [transcriptInput, documentInput, textInput]);
export type SourceInput = z.output<typeof sourceInput>;
export type TranscriptInput = z.output<typeof transcriptInput>;

export const createConversationInput = z
  .object({
    title,
    folder_id: idField.nullable().optional(),
    visibility: visibilityField.optional(),
    tag_ids: z.array(idField).max(LIMITS.tagsPerConversation, `must hold at most ${LIMITS.tagsPerConversation} tags`).optional(),
    started_at: dateTimeField.optional(),
    sources: z.array(sourceInput).min(1, 'must hold at least one source').max(LIMITS.sourcesPerRequest, `must hold at most ${LIMITS.sourcesPerRequest} sources`),
  })
  .strict();
export type CreateConversationInput = z.output<typeof createConversationInput>;

export const updateConversationInput = z
  .object({ title, folder_id: idField.nullable().optional(), visibility: visibilityField.optional() })
  .strict();
export type UpdateConversationInput = z.output<typeof updateConversationInput>;
