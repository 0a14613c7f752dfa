import { BOT_STATUSES } from '@cs/domain';
import { z } from 'zod';
import { transcriptInput } from '../conversations/conversation-input.schema';
import { dateTimeField, idField, LIMITS, meetingUrlField, nameField } from '../validation/fields';

export const createBotInput = z
  .object({
    meeting_url: meetingUrlField,
    title: nameField(LIMITS.title).nullable().optional(),
    join_at: dateTimeField.optional(),
    folder_id: idField.nullable().optional(),
  })
  .strict();
export type CreateBotInput = z.output<typeof createBotInput>;

/**
 * What a recorder reports through the signed callback: progress (`joining`, `waiting_room`, `recording`), the end
 * with the transcript (`done`), or a fatal end (`failed`) with a reason; the spec's termination reasons
 * (not_admitted, verification_required, captcha_required) end the conversation with that termination_reason.
 */
export const recorderEventInput = z
  .object({
    bot_id: idField,
    status: z.enum(BOT_STATUSES).exclude(['scheduled']),
    reason: z.string().min(1).max(100).optional(),
    occurred_at: dateTimeField.optional(),
    transcript: transcriptInput.omit({ type: true, meeting_url: true, title: true }).optional(),
  })
  .strict()
  .superRefine((event, ctx) => {
    if (event.status === 'done' && !event.transcript) ctx.addIssue({ code: 'custom', path: ['transcript'], message: 'is required when status is done' });
    if (event.status === 'failed' && !event.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required when status is failed' });
  });
export type RecorderEventInput = z.output<typeof recorderEventInput>;
