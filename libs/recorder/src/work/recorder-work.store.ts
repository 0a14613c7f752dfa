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

/**
 * Carries out one row in two steps, so no transaction is open while the provider is called:
 * `fetch` outside any transaction (the network: read the provider's state, download, cancel), then `handle` in the
 * short transaction that records the outcome and marks the row done.
 */
export interface WorkHandler<F = unknown> {
  /** Outside any transaction, on a leased row: what the provider has to say. Throws to be tried again later. */
  fetch(row: RecorderWorkRow): Promise<F>;
  /** Records what `fetch` found, inside the transaction that marks the row done; throws to be tried again later. */
  handle(tx: Tx, row: RecorderWorkRow, fetched: F): Promise<WorkOutcome>;
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
 * How long a leased row is left to the worker that took it. A worker killed after taking it leaves the row to be
 * taken again once this passes: retried, never lost. Well above one row's network calls (the Recall client's own
 * timeouts and retries).
 */
export const RECORDER_WORK_LEASE_MS = 5 * 60_000;

const toError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * Carries out due rows of one provider's work, oldest first (a bot's statuses apply in the order received), in three
 * steps so no transaction waits on the provider:
 * 1. lease: in a short transaction, take the oldest due row (SKIP LOCKED, so replicas share the work) and push its
 *    `next_attempt_at` out by the lease; commit;
 * 2. fetch: call the provider, in no transaction;
 * 3. settle: in a new short transaction, if the row is still ours (not done, lease unchanged), record the outcome
 *    and mark it done; on failure record the attempt and the next try after a doubling delay, or give up.
 * A crash between steps leaves the row leased: it is taken again when the lease expires. What a row does to our
 * data goes through forward-only state machines (applyRecorderEvent), so one taken twice changes nothing twice.
 * Returns how many rows were settled or retried.
 */
export async function runRecorderWork(
  dataSource: DataSource,
  provider: string,
  handler: WorkHandler,
  schedule: WorkSchedule,
  options: { limit?: number; now?: () => Date; leaseMs?: number } = {},
): Promise<number> {
  const now = options.now ?? (() => new Date());
  let count = 0;
  for (; count < (options.limit ?? 50); count++) {
    const lease = await leaseDueRow(dataSource, provider, now(), options.leaseMs ?? RECORDER_WORK_LEASE_MS);
    if (!lease) break;
    const { row, until } = lease;
    let fetched: { ok: true; value: unknown } | { ok: false; error: Error };
    try {
      fetched = { ok: true, value: await handler.fetch(row) };
    } catch (err) {
      fetched = { ok: false, error: toError(err) };
    }
    await inTransaction(dataSource, async (tx) => {
      const [still] = await tx.query(`SELECT 1 FROM recorder_work WHERE id = $1 AND done_at IS NULL AND next_attempt_at = $2 FOR UPDATE`, [row.id, until]);
      // The lease ran out and another worker took the row: its outcome is the one recorded.
      if (!still) return;
      let outcome: WorkOutcome;
      try {
        if (!fetched.ok) throw fetched.error;
        await tx.query('SAVEPOINT recorder_work');
        try {
          outcome = await handler.handle(tx, row, fetched.value);
        } catch (err) {
          await tx.query('ROLLBACK TO SAVEPOINT recorder_work');
          throw err;
        }
      } catch (err) {
        const error = toError(err);
        const attempts = row.attempts + 1;
        if (attempts < schedule.attempts) {
          const delay = Math.min(schedule.backoffMs * 2 ** (attempts - 1), schedule.maxDelayMs);
          await tx.query(`UPDATE recorder_work SET attempts = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1`, [
            row.id,
            attempts,
            error.message.slice(0, 1000),
            new Date(now().getTime() + delay),
          ]);
          return;
        }
        outcome = await handler.giveUp(tx, row, error);
        await tx.query(`UPDATE recorder_work SET attempts = $2, last_error = $3 WHERE id = $1`, [row.id, attempts, error.message.slice(0, 1000)]);
      }
      await tx.query(`UPDATE recorder_work SET done_at = $2, outcome = $3 WHERE id = $1`, [row.id, now(), outcome]);
    });
  }
  return count;
}

/** Step 1 of runRecorderWork: the oldest due row, taken until `until`, committed before anything else happens. */
async function leaseDueRow(dataSource: DataSource, provider: string, at: Date, leaseMs: number): Promise<{ row: RecorderWorkRow; until: Date } | null> {
  const until = new Date(at.getTime() + leaseMs);
  return inTransaction(dataSource, async (tx) => {
    const [row] = await tx.query<RecorderWorkRow>(
      `WITH due AS (
         SELECT id FROM recorder_work
         WHERE provider = $1 AND done_at IS NULL AND next_attempt_at <= $2
         ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
       )
       UPDATE recorder_work w SET next_attempt_at = $3 FROM due WHERE w.id = due.id
       RETURNING w.id, w.provider, w.kind, w.provider_bot_id, w.bot_id, w.payload, w.attempts`,
      [provider, at, until],
    );
    return row ? { row, until } : null;
  });
}

/** Settled recorder work is kept this long for inspection, then forgotten. */
export const SETTLED_WORK_RETENTION = '7 days';

/** Forgets rows settled longer than SETTLED_WORK_RETENTION ago; returns how many. */
export async function forgetSettledRecorderWork(dataSource: DataSource): Promise<number> {
  return inTransaction(dataSource, (tx) => tx.affected(`DELETE FROM recorder_work WHERE done_at < now() - $1::interval`, [SETTLED_WORK_RETENTION]));
}
