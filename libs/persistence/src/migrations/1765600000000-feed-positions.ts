import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently, dropIndexConcurrently, withLockRetry } from './online/online-index';

/**
 * Feed positions assigned after commit (docs/architecture.md "The events feed"). Until now the feed served an event
 * only once every older transaction of the whole cluster had ended (pg_snapshot_xmin), so one long transaction
 * anywhere froze every tenant's feed. Now an event is written without a position; the feed sequencer gives committed
 * events increasing positions, one short transaction at a time, and the feed reads positioned events only.
 *
 * Online: the column is nullable without a default (no table rewrite, a lock held for a catalog change only), the
 * indexes are built concurrently, so this runs outside a transaction. Events already stored are positioned by the
 * sequencer, in the order the old feed served them (tx, id). `outbox_feed_idx` stays until no replica of the
 * previous release reads the feed by `tx`.
 */
export class FeedPositions1765600000000 implements MigrationInterface {
  name = 'FeedPositions1765600000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await withLockRetry(q, () => q.query(`ALTER TABLE outbox ADD COLUMN IF NOT EXISTS position bigint`));
    await q.query(`
      CREATE TABLE IF NOT EXISTS feed_head (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        position bigint NOT NULL
      )
    `);
    await q.query(`INSERT INTO feed_head (singleton, position) VALUES (true, 0) ON CONFLICT DO NOTHING`);
    // The feed: a workspace's positioned events in order.
    await createIndexConcurrently(q, 'outbox_feed_position_idx', `ON outbox (workspace_id, position) WHERE topic = 'event' AND position IS NOT NULL`);
    // The sequencer's work: committed events still without a position (a handful at any time).
    await createIndexConcurrently(q, 'outbox_unpositioned_idx', `ON outbox (tx, id) WHERE topic = 'event' AND position IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexConcurrently(q, 'outbox_unpositioned_idx');
    await dropIndexConcurrently(q, 'outbox_feed_position_idx');
    await q.query(`DROP TABLE IF EXISTS feed_head`);
    await withLockRetry(q, () => q.query(`ALTER TABLE outbox DROP COLUMN IF EXISTS position`));
  }
}
