import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events feed (GET /api/v1/events) and `updated_after`.
 *
 * Feed order: an event id is time-ordered, but ids are taken when a transaction starts writing and rows become visible
 * when it commits, so a client that read past an id could later miss an event with a smaller one. Each event row
 * therefore keeps the id of the transaction that wrote it (`tx`), and the feed serves only events of transactions
 * older than every transaction still running (pg_snapshot_xmin): whatever commits later sorts after what was served.
 */
export class EventFeed1764700000000 implements MigrationInterface {
  name = 'EventFeed1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE outbox ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
      CREATE INDEX outbox_feed_idx ON outbox (workspace_id, tx, id) WHERE topic = 'event';
      -- updated_after: what changed since, per workspace.
      CREATE INDEX conversations_updated_idx ON conversations (workspace_id, updated_at);
      CREATE INDEX folders_updated_idx ON folders (workspace_id, updated_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX folders_updated_idx;
      DROP INDEX conversations_updated_idx;
      DROP INDEX outbox_feed_idx;
      ALTER TABLE outbox DROP COLUMN tx;
    `);
  }
}
