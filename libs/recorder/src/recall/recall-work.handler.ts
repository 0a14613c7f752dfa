import { type BotStatus } from '@cs/domain';
import { applyRecorderEvent, parseBody, RecorderEventSchema, type Tx } from '@cs/writes';
import type { RecorderWorkRow, WorkHandler, WorkOutcome } from '../work/recorder-work.store';
import type { RecallClient } from './recall.client';
import { recallStatusMeaning } from './recall-status.mapping';
import { type RecorderTranscript, recallTranscriptSource, transcriptDownloadUrl, transcriptUnavailable } from './recall-transcript';
import type { RecallStatusChange } from './recall-webhook.schema';

export const RECALL_PROVIDER = 'recall';

/** Thrown while a status names a bot we cannot find yet (its creation may not have committed): tried again. */
class UnknownBotError extends Error {}

/** Thrown while Recall's transcript is still being made: tried again. */
class TranscriptNotReadyError extends Error {}

/** What Recall said about a row, fetched outside any transaction (RecallWorkHandler.fetch). */
type RecallFetched =
  | { kind: 'settled'; outcome: WorkOutcome }
  | { kind: 'status'; change: RecallStatusChange; meaning: ReturnType<typeof recallStatusMeaning> }
  | { kind: 'done'; result: { status: 'failed'; reason: 'no_transcript' | 'empty_transcript' } | { status: 'done'; transcript: RecorderTranscript } };

/**
 * Carries out Recall.ai work rows: a status webhook is mapped (recall-status.mapping) and applied to our bot
 * through the same state machine as the signed recorder callback (forward only, so duplicates and late ones change
 * nothing); `done` first fetches the transcript from Recall. A cancellation deletes the Recall bot (a bot already
 * gone is an answer, not an error, so a cancellation sent twice does no harm). Every call to Recall is made in
 * `fetch`, outside any transaction; `handle` only writes.
 */
export class RecallWorkHandler implements WorkHandler<RecallFetched> {
  constructor(
    private readonly client: RecallClient,
    private readonly db: Pick<Tx, 'query'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async fetch(row: RecorderWorkRow): Promise<RecallFetched> {
    if (row.kind === 'cancel') {
      return { kind: 'settled', outcome: row.provider_bot_id ? `cancel:${await this.client.cancelBot(row.provider_bot_id)}` : 'cancel:never_created' };
    }
    const change = row.payload as unknown as RecallStatusChange;
    const meaning = recallStatusMeaning(change.code, change.subCode);
    if (meaning.kind !== 'done' || change.ours === false) return { kind: 'status', change, meaning };
    // Read in no transaction: only which Recall bot to ask; handle() reads the bot again under its lock.
    const bot = await this.findBot(this.db, row);
    if (!bot) throw new UnknownBotError(`no ${RECALL_PROVIDER} bot ${row.provider_bot_id} (yet)`);
    if (bot.status === 'done' || bot.status === 'failed') return { kind: 'settled', outcome: 'ignored' };
    const recallBot = await this.client.getBot(bot.providerBotId);
    const url = transcriptDownloadUrl(recallBot);
    if (!url) {
      if (transcriptUnavailable(recallBot)) return { kind: 'done', result: { status: 'failed', reason: 'no_transcript' } };
      throw new TranscriptNotReadyError(`the transcript of ${RECALL_PROVIDER} bot ${bot.providerBotId} is not ready yet`);
    }
    const transcript = recallTranscriptSource(recallBot, await this.client.downloadTranscript(url));
    return { kind: 'done', result: transcript ? { status: 'done', transcript } : { status: 'failed', reason: 'empty_transcript' } };
  }

  async handle(tx: Tx, row: RecorderWorkRow, fetched: RecallFetched): Promise<WorkOutcome> {
    if (fetched.kind === 'settled') return fetched.outcome;
    if (fetched.kind === 'status' && fetched.meaning.kind === 'ignore') return 'ignored';
    if (fetched.kind === 'status' && fetched.change.ours === false) return 'not_ours';
    const bot = await this.findBot(tx, row);
    if (!bot) throw new UnknownBotError(`no ${RECALL_PROVIDER} bot ${row.provider_bot_id} (yet)`);
    if (bot.status === 'done' || bot.status === 'failed') return 'ignored';
    if (fetched.kind === 'done') return this.apply(tx, { bot_id: bot.id, ...fetched.result });
    const { change, meaning } = fetched;
    const occurredAt = change.at && !Number.isNaN(Date.parse(change.at)) ? new Date(change.at).toISOString() : undefined;
    if (meaning.kind === 'progress') return this.apply(tx, { bot_id: bot.id, status: meaning.status, ...(occurredAt ? { occurred_at: occurredAt } : {}) });
    if (meaning.kind === 'failed') return this.apply(tx, { bot_id: bot.id, status: 'failed', reason: meaning.reason });
    throw new Error(`recall status ${change.code} reached handle() without its transcript`);
  }

  /** A status that failed for good: a `done` whose transcript never came fails the bot; anything else is dropped. */
  async giveUp(tx: Tx, row: RecorderWorkRow, error: Error): Promise<WorkOutcome> {
    if (error instanceof UnknownBotError) return 'unknown_bot';
    if (row.kind === 'status' && (row.payload as unknown as RecallStatusChange).code === 'done') {
      const bot = await this.findBot(tx, row);
      if (bot) return this.apply(tx, { bot_id: bot.id, status: 'failed', reason: 'transcript_unavailable' });
    }
    return 'gave_up';
  }

  private async findBot(tx: Pick<Tx, 'query'>, row: RecorderWorkRow): Promise<{ id: string; status: BotStatus; providerBotId: string } | null> {
    const [bot] = await tx.query<{ id: string; status: BotStatus; provider_bot_id: string | null }>(
      `SELECT id, status, provider_bot_id FROM bots
       WHERE provider = $1 AND (provider_bot_id = $2 OR (id = $3 AND (provider_bot_id IS NULL OR provider_bot_id = $2)))
       LIMIT 1`,
      [RECALL_PROVIDER, row.provider_bot_id, row.bot_id],
    );
    return bot ? { id: bot.id, status: bot.status, providerBotId: bot.provider_bot_id ?? row.provider_bot_id ?? '' } : null;
  }

  private async apply(tx: Tx, event: Record<string, unknown>): Promise<WorkOutcome> {
    return applyRecorderEvent(tx, parseBody(RecorderEventSchema, event), null, this.clock());
  }
}
