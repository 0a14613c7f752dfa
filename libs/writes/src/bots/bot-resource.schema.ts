import { prefixedId, timestamp } from '@cs/domain';
import { BOT_STATUSES, type Bot } from '@cs/domain';
import { z } from 'zod/v4';
import type { RecorderEventOutcome } from './bot.commands';

/** The answers of the bot endpoints, written once: OpenAPI's components are generated from these. */
export const BotSchema = z
  .strictObject({
    id: prefixedId('bot', 'Bot id.'),
    status: z.enum(BOT_STATUSES).meta({
      description:
        '`scheduled` → `joining` → `waiting_room` → `recording` → `done`, or `failed` at any point. When it fails because the host ' +
        'did not admit it or the platform asked for verification or a CAPTCHA, its conversation ends in `error` with that `termination_reason`.',
    }),
    meeting_url: z.string().meta({ description: 'Join URL of the meeting.' }),
    join_at: z.string().meta({ format: 'date-time' }).nullable().meta({ description: 'When the bot joins the meeting.' }),
    conversation_id: prefixedId('conversation', 'The conversation it records into.'),
    created_at: timestamp('When the bot was created.'),
  })
  .meta({ description: 'A recorder bot.' }) satisfies z.ZodType<Bot>;

export const RecorderEventOutcomeSchema = z
  .strictObject({ outcome: z.enum(['applied', 'ignored']) satisfies z.ZodType<RecorderEventOutcome> })
  .meta({ description: 'Whether the report changed anything: `ignored` for a repeated or late report.' });
