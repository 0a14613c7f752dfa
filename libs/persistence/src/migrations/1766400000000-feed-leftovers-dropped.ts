import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently, dropIndexConcurrently, withLockRetry } from './online/online-index';

/**
 * Drops what feed positions kept in the outbox before they moved to tables of their own (1766300000000): the
 * `position` column, its index `outbox_feed_position_idx` and the old head `feed_head`. 1766300000000 kept them for
 * the replicas of the release before it during the rollout; no release since has read or written them (positions
 * are in `feed_positions`, the head in `feed_sequencer_head`), so nothing is lost: every position they held was
 * copied. The index goes concurrently; the column's drop rewrites nothing (an instant's ACCESS EXCLUSIVE lock on
 * outbox, under the migrations' lock timeout and retried), as does the empty table's.
 */
export class FeedLeftoversDropped1766400000000 implements MigrationInterface {
  name = 'FeedLeftoversDropped1766400000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await dropIndexConcurrently(q, 'outbox_feed_position_idx');
    await withLockRetry(q, () => q.query(`ALTER TABLE outbox DROP COLUMN IF EXISTS position`));
    await withLockRetry(q, () => q.query(`DROP TABLE IF EXISTS feed_head`));
  }

  /** Back to 1766300000000's end state: the column (the positions stay in feed_positions), the index, and feed_head without its row. */
  async down(q: QueryRunner): Promise<void> {
    await withLockRetry(q, () => q.query(`ALTER TABLE outbox ADD COLUMN IF NOT EXISTS position bigint`));
    await q.query(`CREATE TABLE IF NOT EXISTS feed_head (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), position bigint NOT NULL)`);
    await createIndexConcurrently(q, 'outbox_feed_position_idx', `ON outbox (workspace_id, position) WHERE topic = 'event' AND position IS NOT NULL`);
  }
}
