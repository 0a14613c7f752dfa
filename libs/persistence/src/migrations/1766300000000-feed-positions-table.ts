import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently, dropIndexConcurrently, withLockRetry } from './online/online-index';

/** Runs statements as one transaction on the migration's own connection (the migration itself runs outside one). */
async function inOneTransaction(q: QueryRunner, statements: string[]): Promise<void> {
  await q.query('BEGIN');
  try {
    for (const sql of statements) await q.query(sql);
    await q.query('COMMIT');
  } catch (err) {
    await q.query('ROLLBACK');
    throw err;
  }
}

/**
 * Feed positions in tables of their own (docs/architecture.md "The events feed"). Migration 1765600000000 gave each
 * event its position by an UPDATE of its outbox row; `position` being indexed, that update could not be HOT, so every
 * event was written twice, the second time with a new entry in every outbox index, and the vacuum had a dead row
 * and its index entries to clear per event. Now the outbox row is written once:
 * - `feed_pending`: a row per committed event still without a position, written by the outbox's insert trigger in
 *   the writer's transaction (so every writer, a replica of the previous release too, is covered), deleted when the
 *   event gets its position. It holds a handful of rows at any time.
 * - `feed_positions`: insert-only, a row per positioned event; readers join it to the outbox.
 * - `feed_sequencer_head`: the head, whose row lock serializes the sequencer's runs as `feed_head`'s did.
 *
 * Rollout: the positions already given are copied, and the events still waiting are queued, in one transaction that
 * holds `feed_head`'s row lock and then deletes that row. From then on a sequencer of the previous release finds no
 * head and positions nothing (its run reports that another replica holds the head), so no event is ever numbered
 * by both; readers of the previous release keep serving the feed as it stood at the migration (no skip, no repeat:
 * positions are the same numbers in both shapes) until they are replaced. `position` and `outbox_feed_position_idx`
 * stay for them, and cost new writes nothing (a NULL, outside the partial index); a later release drops them.
 * The indexes no reader of this release or the previous one needs are dropped concurrently: `outbox_feed_idx` (the
 * feed by `tx`, before 1765600000000) and `outbox_unpositioned_idx` (an entry per event written, which the
 * previous release's idle sequencers used for their look for work; without it that look reads the outbox until
 * they are replaced).
 */
export class FeedPositionsTable1766300000000 implements MigrationInterface {
  name = 'FeedPositionsTable1766300000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await withLockRetry(q, () =>
      inOneTransaction(q, [
        `CREATE TABLE IF NOT EXISTS feed_pending (
           tx xid8 NOT NULL,
           event_id text NOT NULL,
           workspace_id text NOT NULL,
           PRIMARY KEY (tx, event_id)
         )`,
        `CREATE TABLE IF NOT EXISTS feed_positions (
           position bigint NOT NULL,
           workspace_id text NOT NULL,
           event_id text NOT NULL,
           PRIMARY KEY (workspace_id, position) INCLUDE (event_id),
           CONSTRAINT feed_positions_event_once UNIQUE (event_id)
         )`,
        `CREATE TABLE IF NOT EXISTS feed_sequencer_head (
           singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
           position bigint NOT NULL
         )`,
        // One trigger call per event, as before: the wake-up of the relay and the sequencer, and the event's place in
        // the queue, in the writer's transaction.
        `CREATE OR REPLACE FUNCTION outbox_event_written() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           INSERT INTO feed_pending (tx, event_id, workspace_id) VALUES (NEW.tx, NEW.id, NEW.workspace_id);
           PERFORM pg_notify('outbox_event', '');
           RETURN NULL;
         END $$`,
      ]),
    );
    // The swap waits for every transaction that is writing to the outbox (CREATE TRIGGER's lock conflicts with
    // theirs), so once it commits, every event written without the new trigger is committed or gone, and the
    // copy below sees it.
    await withLockRetry(q, () =>
      inOneTransaction(q, [
        `DROP TRIGGER IF EXISTS outbox_event_notify ON outbox`,
        `CREATE OR REPLACE TRIGGER outbox_event_written AFTER INSERT ON outbox FOR EACH ROW WHEN (NEW.topic = 'event') EXECUTE FUNCTION outbox_event_written()`,
      ]),
    );
    // Every statement does nothing once feed_head's row is gone, so a run of this migration after this step has
    // committed (an interrupted run taken up again) cannot queue an event the new sequencer has positioned already.
    // The copy reads the outbox (no lock that stops writes); about 10 s per million events, during which the feed's
    // positions do not move.
    await withLockRetry(q, () =>
      inOneTransaction(q, [
        `SELECT position FROM feed_head FOR UPDATE`,
        `INSERT INTO feed_positions (position, workspace_id, event_id)
         SELECT o.position, o.workspace_id, o.id FROM outbox o
         WHERE o.topic = 'event' AND o.position IS NOT NULL AND EXISTS (SELECT 1 FROM feed_head)
         ON CONFLICT DO NOTHING`,
        // Positioned by the previous release after the trigger queued them: they have their position already.
        `DELETE FROM feed_pending p USING outbox o WHERE o.id = p.event_id AND o.position IS NOT NULL AND EXISTS (SELECT 1 FROM feed_head)`,
        `INSERT INTO feed_pending (tx, event_id, workspace_id)
         SELECT o.tx, o.id, o.workspace_id FROM outbox o
         WHERE o.topic = 'event' AND o.position IS NULL AND EXISTS (SELECT 1 FROM feed_head)
         ON CONFLICT DO NOTHING`,
        `INSERT INTO feed_sequencer_head (singleton, position) SELECT true, position FROM feed_head ON CONFLICT DO NOTHING`,
        `DELETE FROM feed_head`,
      ]),
    );
    await dropIndexConcurrently(q, 'outbox_unpositioned_idx');
    await dropIndexConcurrently(q, 'outbox_feed_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await createIndexConcurrently(q, 'outbox_feed_idx', `ON outbox (workspace_id, tx, id) WHERE topic = 'event'`);
    await createIndexConcurrently(q, 'outbox_unpositioned_idx', `ON outbox (tx, id) WHERE topic = 'event' AND position IS NULL`);
    await withLockRetry(q, () =>
      inOneTransaction(q, [
        `SELECT position FROM feed_sequencer_head FOR UPDATE`,
        `UPDATE outbox o SET position = f.position FROM feed_positions f WHERE o.id = f.event_id AND o.position IS NULL`,
        `INSERT INTO feed_head (singleton, position) SELECT true, position FROM feed_sequencer_head
         ON CONFLICT (singleton) DO UPDATE SET position = excluded.position`,
        `DROP TRIGGER IF EXISTS outbox_event_written ON outbox`,
        `CREATE OR REPLACE TRIGGER outbox_event_notify AFTER INSERT ON outbox FOR EACH ROW WHEN (NEW.topic = 'event') EXECUTE FUNCTION notify_outbox_event()`,
        `DROP TABLE IF EXISTS feed_sequencer_head`,
        `DROP TABLE IF EXISTS feed_positions`,
        `DROP TABLE IF EXISTS feed_pending`,
        `DROP FUNCTION IF EXISTS outbox_event_written()`,
      ]),
    );
  }
}
