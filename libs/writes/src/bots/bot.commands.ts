import { type Bot, type BotStatus, conflict, forbidden, isIdOf, newId, notFound, TERMINATION_REASONS, type TerminationReason, visibleTo } from '@cs/domain';
import { failConversation, requestProcessing } from '@cs/events';
import type { WriteContext } from '../write-context';
import { insertSources } from '../conversations/insert-sources';
import { assertFolderUsable } from '../conversations/references';
import { conversationCreated, conversationUpdated, readConversationData } from '../events/change-events';
import type { Tx } from '../tx';
import type { CreateBotInput, RecorderEventInput } from './bot-input.schema';

interface BotRow {
  id: string;
  status: BotStatus;
  meeting_url: string;
  join_at: Date | null;
  conversation_id: string;
  created_at: Date;
}

const BOT_COLUMNS = 'b.id, b.status, b.meeting_url, b.join_at, b.conversation_id, b.created_at';

const toBot = (row: BotRow): Bot => ({
  id: row.id,
  status: row.status,
  meeting_url: row.meeting_url,
  join_at: row.join_at?.toISOString() ?? null,
  conversation_id: row.conversation_id,
  created_at: row.created_at.toISOString(),
});

/** GET /bots/{id}: a bot is visible where its conversation is. */
export async function getBot(tx: { query<T>(sql: string, parameters?: unknown[]): Promise<T[]> }, ctx: Pick<WriteContext, 'principal'>, id: string): Promise<Bot> {
  if (!isIdOf('bot', id)) throw notFound('bot');
  const [row] = await tx.query<BotRow>(
    `SELECT ${BOT_COLUMNS} FROM bots b JOIN conversations c ON c.id = b.conversation_id
     WHERE b.id = $1 AND b.workspace_id = $2 AND ${visibleTo('c', '$3')}`,
    [id, ctx.principal.workspaceId, ctx.principal.userId],
  );
  if (!row) throw notFound('bot');
  return toBot(row);
}

/**
 * POST /bots: the bot, scheduled, and the pending conversation it will record into. The processor's dispatcher
 * hands it to the recorder at join_at; processing starts when the recorder delivers the transcript.
 */
export async function createBot(tx: Tx, ctx: WriteContext, input: CreateBotInput, provider: string): Promise<Bot> {
  const { principal, now } = ctx;
  if (input.folder_id) await assertFolderUsable(tx, principal, input.folder_id);
  const conversationId = newId('conversation', now);
  await tx.query(
    `INSERT INTO conversations (id, workspace_id, owner_id, folder_id, title, status, visibility, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', 'private', $6, $6)`,
    [conversationId, principal.workspaceId, principal.userId, input.folder_id ?? null, input.title ?? null, now],
  );
  const id = newId('bot', now);
  await tx.query(
    `INSERT INTO bots (id, workspace_id, owner_id, conversation_id, meeting_url, join_at, status, provider, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'scheduled', $7, $8, $8)`,
    [id, principal.workspaceId, principal.userId, conversationId, input.meeting_url, input.join_at ? new Date(input.join_at) : now, provider, now],
  );
  await conversationCreated(tx, ctx, principal.workspaceId, conversationId);
  return getBot(tx, ctx, id);
}

/** Why a cancelled bot failed (its failure_reason) and its conversation ended (its error_reason). */
export const CANCELLED = 'cancelled';

/**
 * DELETE /bots/{id}: cancels a bot that has not joined its meeting yet (still `scheduled`). The bot fails with
 * failure_reason `cancelled`, and its conversation ends in `error` with error_reason `cancelled` and a
 * conversation.failed event, like any recording that ended without a transcript; it is kept, not deleted, so
 * the caller and webhook consumers see what happened. A bot already handed to a real recorder also gets a
 * `cancel` row of recorder work, in this transaction, which the processor carries out at the provider. Cancelling
 * a cancelled bot again answers it as it is; a bot that has joined is a 409.
 */
export async function cancelBot(tx: Tx, ctx: WriteContext, id: string): Promise<Bot> {
  const { principal, now } = ctx;
  if (!isIdOf('bot', id)) throw notFound('bot');
  const [bot] = await tx.query<BotRow & { owner_id: string; failure_reason: string | null; provider: string; provider_bot_id: string | null; dispatched_at: Date | null }>(
    `SELECT ${BOT_COLUMNS}, b.owner_id, b.failure_reason, b.provider, b.provider_bot_id, b.dispatched_at
     FROM bots b JOIN conversations c ON c.id = b.conversation_id
     WHERE b.id = $1 AND b.workspace_id = $2 AND ${visibleTo('c', '$3')} FOR UPDATE OF b`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!bot) throw notFound('bot');
  if (bot.owner_id !== principal.userId) throw forbidden('Only the owner of a bot can cancel it.');
  if (bot.status === 'failed' && bot.failure_reason === CANCELLED) return toBot(bot);
  if (bot.status !== 'scheduled') throw conflict(`The bot is ${bot.status}: only a bot that has not joined its meeting yet (scheduled) can be cancelled.`);
  await tx.query(`UPDATE bots SET status = 'failed', failure_reason = $2, updated_at = $3 WHERE id = $1`, [bot.id, CANCELLED, now]);
  await failConversation(tx, { id: bot.conversation_id, workspaceId: principal.workspaceId }, { errorReason: CANCELLED, terminationReason: null }, ctx.requestId, now);
  if (bot.dispatched_at !== null && bot.provider !== 'development') {
    await tx.query(
      `INSERT INTO recorder_work (id, provider, kind, provider_bot_id, bot_id, payload, created_at, next_attempt_at)
       VALUES ($1, $2, 'cancel', $3, $4, '{}', $5, $5) ON CONFLICT (id) DO NOTHING`,
      [`cancel_${bot.id}`, bot.provider, bot.provider_bot_id, bot.id, now],
    );
  }
  return { ...toBot(bot), status: 'failed' };
}

const ORDER: Record<BotStatus, number> = { scheduled: 0, joining: 1, waiting_room: 2, recording: 3, done: 4, failed: 4 };

export type RecorderEventOutcome = 'applied' | 'ignored';

/**
 * Applies a recorder's report. Progress only moves forward and a finished bot changes no more, so a report
 * delivered twice or late changes nothing. `done` adds the transcript and sends the conversation to processing;
 * `failed` ends it in `error` (termination_reason set for the spec's reasons) with a conversation.failed event.
 */
export async function applyRecorderEvent(tx: Tx, event: RecorderEventInput, requestId: string | null, now: Date): Promise<RecorderEventOutcome> {
  const [bot] = await tx.query<BotRow & { workspace_id: string; status: BotStatus }>(
    `SELECT ${BOT_COLUMNS}, b.workspace_id FROM bots b WHERE b.id = $1 FOR UPDATE`,
    [event.bot_id],
  );
  if (!bot) throw notFound('bot');
  if (ORDER[event.status] <= ORDER[bot.status]) return 'ignored';
  await tx.query(`UPDATE bots SET status = $2, failure_reason = $3, updated_at = $4 WHERE id = $1`, [bot.id, event.status, event.reason ?? null, now]);
  const conversation = { id: bot.conversation_id, workspaceId: bot.workspace_id };
  if (event.status === 'recording') {
    await tx.query(`UPDATE conversations SET started_at = COALESCE(started_at, $2), updated_at = $3 WHERE id = $1`, [conversation.id, event.occurred_at ?? now, now]);
  } else if (event.status === 'done' && event.transcript) {
    await insertSources(tx, conversation, [{ ...event.transcript, type: 'transcript', title: null, meeting_url: bot.meeting_url }], now);
    await requestProcessing(tx, conversation, requestId, now);
    await conversationUpdated(tx, { requestId, now }, conversation.workspaceId, await readConversationData(tx, conversation.id), 'sources');
  } else if (event.status === 'failed') {
    const termination = (TERMINATION_REASONS as readonly string[]).includes(event.reason ?? '') ? (event.reason as TerminationReason) : null;
    await failConversation(tx, conversation, { errorReason: 'recording_failed', terminationReason: termination }, requestId, now);
  }
  return 'applied';
}
