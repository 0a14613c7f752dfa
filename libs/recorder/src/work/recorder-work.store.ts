import { inTransaction, type Tx } from '@cs/writes';
import type { DataSource } from 'typeorm';

/** One row of recorder work (migration 1764400000000). */
export interface RecorderWorkRow {
  id: string;
  provider: string;
  kind: 'status' | 'cancel';
  provider_bot_id: string | null;
  bot_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

/** What carrying out a row came to; kept on the row for inspection. */
export type WorkOutcome = string;

export interface WorkHandler {
  /** Carries the row out inside the transaction that marks it done; throws to be tried again later. */
  handle(tx: Tx, row: RecorderWorkRow): Promise<WorkOutcome>;
  /** After the last attempt failed: what is left to do (e.g. fail the bot), in the same kind of transaction. */
  giveUp(tx: Tx, row: RecorderWorkRow, error: Error): Promise<WorkOutcome>;
}

export interface WorkSchedule {
  attempts: number;
  backoffMs: number;
  maxDelayMs: number;
}

/**
 * Records a provider's status webhook before anything else is done with it: one row per message id, so a
 * redelivered message is `duplicate`. The processor applies it later (runRecorderWork).
 */
export async function recordStatusWebhook(
  dataSource: DataSource,
  row: { provider: string; messageId: string; providerBotId: string; botId: string | null; payload: unknown },
  now: Date,
): Promise<'recorded' | 'duplicate'> {
  const inserted = await inTransaction(dataSource, (tx) =>
    tx.query(
      `INSERT INTO recorder_work (id, provider, kind, provider_bot_id, bot_id, payload, created_at, next_attempt_at)
       VALUES ($1, $2, 'status', $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [`${row.provider}:${row.messageId}`, row.provider, row.providerBotId, row.botId, row.payload, now],
    ),
  );
  return inserted.length > 0 ? 'recorded' : 'duplicate';
}

/**
 * Carries out due rows of one provider's work, one transaction per row: the row is locked (SKIP LOCKED, so
 * replicas share the work), handled, and marked done in the same transaction as the change it made, so a
 * processor killed midway leaves the row untouched for the next run. A failure is rolled back to a savepoint and
 * the row tried again after a doubling delay; after the last attempt, `giveUp` settles it. Oldest first, so a
 * bot's statuses are applied in the order they were received. Returns how many rows were settled or retried.
 */
export async function runRecorderWork(
  dataSource: DataSource,
  provider: string,
  handler: WorkHandler,
  schedule: WorkSchedule,
  options: { limit?: number; now?: () => Date } = {},
): Promise<number> {
  const now = options.now ?? (() => new Date());
  let count = 0;
  for (; count < (options.limit ?? 50); count++) {
    const touched = await inTransaction(dataSource, async (tx) => {
      const [row] = await tx.query<RecorderWorkRow>(
        `SELECT id, provider, kind, provider_bot_id, bot_id, payload, attempts FROM recorder_work
         WHERE provider = $1 AND done_at IS NULL AND next_attempt_at <= $2
         ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [provider, now()],
      );
      if (!row) return false;
      await tx.query('SAVEPOINT recorder_work');
      let outcome: WorkOutcome;
      try {
        outcome = await handler.handle(tx, row);
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT recorder_work');
        const error = err instanceof Error ? err : new Error(String(err));
        const attempts = row.attempts + 1;
        if (attempts < schedule.attempts) {
          const delay = Math.min(schedule.backoffMs * 2 ** (attempts - 1), schedule.maxDelayMs);
          await tx.query(`UPDATE recorder_work SET attempts = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1`, [
            row.id,
            attempts,
            error.message.slice(0, 1000),
            new Date(now().getTime() + delay),
          ]);
          return true;
        }
        outcome = await handler.giveUp(tx, row, error);
        await tx.query(`UPDATE recorder_work SET attempts = $2, last_error = $3 WHERE id = $1`, [row.id, attempts, error.message.slice(0, 1000)]);
      }
      await tx.query(`UPDATE recorder_work SET done_at = $2, outcome = $3 WHERE id = $1`, [row.id, now(), outcome]);
      return true;
    });
    if (!touched) break;
  }
  return count;
}

/** Settled recorder work is kept this long for inspection, then forgotten. */
export const SETTLED_WORK_RETENTION = '7 days';

/** Forgets rows settled longer than SETTLED_WORK_RETENTION ago; returns how many. */
export async function forgetSettledRecorderWork(dataSource: DataSource): Promise<number> {
  return inTransaction(dataSource, (tx) => tx.affected(`DELETE FROM recorder_work WHERE done_at < now() - $1::interval`, [SETTLED_WORK_RETENTION]));
}
