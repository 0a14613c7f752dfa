import { z } from 'zod/v4';

/**
 * Recall.ai's bot status webhooks, in the two shapes its docs show (https://docs.recall.ai/docs/bot-status-change-events):
 * - the current one, an event per status: `{ event: "bot.joining_call", data: { data: { code, sub_code, updated_at },
 *   bot: { id, metadata } } }`;
 * - the older one: `{ event: "bot.status_change", data: { bot_id, status: { code, sub_code, created_at } } }`.
 * Only what we use is checked; anything else in the payload is let through, as Recall adds fields.
 */
const text = z.string().min(1).max(200);
const subCode = z.string().max(200).nullable().optional();
const at = z.string().max(100).optional();

const PerStatusEvent = z.object({
  event: z.string().regex(/^bot\.[a-z_]+$/),
  data: z.object({
    data: z.object({ code: text, sub_code: subCode, updated_at: at }),
    bot: z.object({ id: text, metadata: z.record(z.string(), z.unknown()).nullable().optional() }),
  }),
});

const StatusChangeEvent = z.object({
  event: z.literal('bot.status_change'),
  data: z.object({ bot_id: text, status: z.object({ code: text, sub_code: subCode, created_at: at }) }),
});

/** The body of a Recall status webhook, either shape (documented in OpenAPI from this one schema). */
export const RecallStatusWebhookSchema = z
  .union([PerStatusEvent, StatusChangeEvent])
  .meta({
    description:
      'A Recall.ai bot status webhook as Recall sends it: `{ event: "bot.<code>", data: { data: { code, sub_code, updated_at }, bot: { id, metadata } } }`, ' +
      'or the older `{ event: "bot.status_change", data: { bot_id, status: { code, sub_code, created_at } } }`. Other events are answered `ignored`.',
  });

export const RECALL_WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'ignored'] as const;

export const RecallWebhookOutcomeSchema = z
  .strictObject({ outcome: z.enum(RECALL_WEBHOOK_OUTCOMES) })
  .meta({
    description: '`recorded`: kept to be applied by the processor; `duplicate`: a redelivery of a message already kept; `ignored`: not a bot status event.',
  });

/** One status change of one Recall bot, as we keep it. */
export interface RecallStatusChange {
  providerBotId: string;
  code: string;
  subCode: string | null;
  /** When it happened, by Recall's clock (ISO 8601), when given. */
  at: string | null;
  /** Our bot id, when Recall echoes the metadata we created its bot with. */
  botId: string | null;
  /**
   * False when Recall sent the bot's metadata and it holds no bot id of ours: a bot of another application
   * sharing the Recall workspace. Null when the shape carries no metadata.
   */
  ours?: boolean | null;
}

/** The key of our bot id in the metadata a Recall bot is created with (echoed in its webhooks). */
export const BOT_ID_METADATA_KEY = 'cs_bot_id';

/**
 * The status change a webhook body carries, or null for any other event (recording, transcript, calendar…), which
 * we do not subscribe to but ignore if sent.
 */
export function readRecallStatusChange(body: unknown): RecallStatusChange | null {
  const change = StatusChangeEvent.safeParse(body);
  if (change.success) {
    const { bot_id, status } = change.data.data;
    return { providerBotId: bot_id, code: status.code, subCode: status.sub_code ?? null, at: status.created_at ?? null, botId: null, ours: null };
  }
  const perStatus = PerStatusEvent.safeParse(body);
  if (perStatus.success) {
    const { data, bot } = perStatus.data.data;
    const botId = bot.metadata?.[BOT_ID_METADATA_KEY];
    const ours = typeof botId === 'string';
    return { providerBotId: bot.id, code: data.code, subCode: data.sub_code ?? null, at: data.updated_at ?? null, botId: ours ? botId : null, ours };
  }
  return null;
}
