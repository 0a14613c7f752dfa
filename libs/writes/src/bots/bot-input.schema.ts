import { BOT_STATUSES } from '@cs/domain';
import { z } from 'zod/v4';
import { TranscriptSourceInputSchema } from '../conversations/conversation-input.schema';
import { dateTimeField, folderIdField, idOf, LIMITS, meetingUrlField, nameField, objectRule, ON_STRINGS } from '../validation/fields';

export const CreateBotRequestSchema = z
  .strictObject({
    meeting_url: meetingUrlField,
    title: nameField(LIMITS.title).nullable().optional().meta({ description: `Title, at most ${LIMITS.title} characters.` }),
    join_at: dateTimeField('When to join; now when omitted.').optional(),
    folder_id: folderIdField.nullable().optional().meta({ description: 'Folder of the conversation.' }),
  })
  .meta({ description: 'A recorder bot that joins the meeting at `join_at` (now when omitted) and records into a new pending conversation.' });
export type CreateBotInput = z.output<typeof CreateBotRequestSchema>;

/** Longest reason a recorder may give for a failure. */
const MAX_REASON_LENGTH = 100;

/**
 * What a recorder reports through the signed callback: progress (`joining`, `waiting_room`, `recording`), the end
 * with the transcript (`done`), or a fatal end (`failed`) with a reason; the spec's termination reasons
 * (not_admitted, verification_required, captcha_required) end the conversation with that termination_reason.
 */
export const RecorderEventSchema = z
  .strictObject({
    bot_id: idOf('bot'),
    status: z.enum(BOT_STATUSES).exclude(['scheduled']),
    reason: z.string().min(1, ON_STRINGS).max(MAX_REASON_LENGTH, ON_STRINGS).optional(),
    occurred_at: dateTimeField('When it happened, by the recorder\'s clock.').optional(),
    transcript: TranscriptSourceInputSchema.omit({ type: true, meeting_url: true, title: true })
      .optional()
      .meta({ description: 'As a transcript source, without type, title and meeting_url (the bot\'s meeting URL is used).' }),
  })
  .check(
    objectRule((payload) => {
      const event = payload.value;
      // zod 4 leaves an optional field that failed its own checks out of the value; it was given all the same.
      const failed = (field: string) => payload.issues.filter((issue) => issue.path?.[0] === field);
      const missing = `is required when status is ${event.status}`;
      if (event.status === 'done' && event.transcript === undefined && failed('transcript').length === 0) {
        payload.issues.push({ code: 'custom', path: ['transcript'], message: missing, input: event, continue: true });
      }
      // A reason too short is empty: no reason.
      const reasonGiven = event.reason ? true : failed('reason').some((issue) => issue.code === 'too_big');
      if (event.status === 'failed' && !reasonGiven) {
        payload.issues.push({ code: 'custom', path: ['reason'], message: missing, input: event, continue: true });
      }
    }),
  )
  .meta({
    description:
      'A recorder\'s report about one bot. `done` carries the transcript; `failed` a reason (not_admitted, verification_required and ' +
      'captcha_required become the conversation\'s termination_reason).',
  });
export type RecorderEventInput = z.output<typeof RecorderEventSchema>;
