import type { TransactionQuery } from './outbox';

/** What the sequencer needs of a data source (TypeORM's DataSource fits; the api gives it poolTransactions): statements and transactions. */
export interface TransactionRunner extends TransactionQuery {
  transaction<T>(work: (tx: TransactionQuery) => Promise<T>): Promise<T>;
}

export interface SequencerReport {
  /** Events given a position in this run. */
  positioned: number;
  /** False when another replica held the feed head: it is doing the work. */
  ran: boolean;
}

/** Events positioned per transaction: the run stays short (a few ms) even when a backlog of old events is positioned. */
export const FEED_SEQUENCER_BATCH = 500;

/**
 * Gives committed events their feed positions (docs/architecture.md "The events feed").
 *
 * The outbox's insert trigger queues each event in `feed_pending`, in its writer's transaction, so a queued event is
 * a committed one. A run locks the one row of `feed_sequencer_head` (SKIP LOCKED: when another replica holds it,
 * this run does nothing), numbers the queued events after the head into `feed_positions`, takes them off the queue,
 * moves the head, and commits. Positions thus come from one transaction at a time, each starting after the previous
 * one's commit was visible (a row lock is released only once its commit is), so the positions readers can see always
 * form a prefix of the order: a reader never sees position n+1 while n is still to come. An event is numbered only
 * once its writer has committed, so a writer that stays open delays its own events and nobody else's. The outbox row
 * itself is never written again: an UPDATE of it would copy the whole event and add an entry to each of its indexes.
 */
export class FeedSequencer {
  constructor(
    private readonly db: TransactionRunner,
    private readonly batchSize = FEED_SEQUENCER_BATCH,
  ) {}

  async runOnce(): Promise<SequencerReport> {
    // Most polls find nothing: a look at the small queue, in no transaction, is all they cost.
    const [waiting] = await this.db.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM feed_pending) AS any`);
    if (!waiting?.any) return { positioned: 0, ran: true };
    return this.db.transaction(async (tx) => {
      const [head] = await tx.query<{ position: string }>(`SELECT position::text AS position FROM feed_sequencer_head FOR UPDATE SKIP LOCKED`);
      if (!head) return { positioned: 0, ran: false };
      // A statement of its own, after the lock: its snapshot sees every sequencer run that committed before it
      // (numbering in the locking statement would use a snapshot taken before the lock, and number events twice).
      // Events keep the order the feed served before positions existed (tx, id). The head moves to the highest
      // position given, so positions are never reused.
      const [numbered] = await tx.query<{ n: number }>(
        `WITH batch AS (
           SELECT tx, event_id, workspace_id, row_number() OVER (ORDER BY tx, event_id) AS n
           FROM (SELECT tx, event_id, workspace_id FROM feed_pending ORDER BY tx, event_id LIMIT $1) queued
         ), taken AS (
           DELETE FROM feed_pending p USING batch WHERE p.tx = batch.tx AND p.event_id = batch.event_id
         ), numbered AS (
           INSERT INTO feed_positions (position, workspace_id, event_id)
           SELECT $2::bigint + batch.n, batch.workspace_id, batch.event_id FROM batch
           RETURNING position
         ), moved AS (
           UPDATE feed_sequencer_head SET position = (SELECT max(position) FROM numbered) WHERE EXISTS (SELECT 1 FROM numbered) RETURNING 1
         )
         SELECT count(*)::int AS n FROM numbered`,
        [this.batchSize, head.position],
      );
      return { positioned: numbered?.n ?? 0, ran: true };
    });
  }

  /** Seconds since the oldest event still without a position was written (0 when none waits): the feed's lag. */
  async lagSeconds(): Promise<number> {
    const [row] = await this.db.query<{ lag: number | null }>(
      `SELECT extract(epoch FROM now() - min(o.created_at))::float8 AS lag FROM feed_pending p JOIN outbox o ON o.id = p.event_id`,
    );
    return Math.max(0, row?.lag ?? 0);
  }

  /** Runs until nothing is left to position (a backlog after a deploy or an outage) or another replica has the head. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const report = await this.runOnce();
      total += report.positioned;
      if (!report.ran || report.positioned < this.batchSize) return total;
    }
  }
}
