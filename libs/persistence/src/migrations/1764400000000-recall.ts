import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A real recorder (Recall.ai, docs/recall.md): the provider's id of each bot, and the recorder work a processor
 * does against the provider. Each row is written durably before anything else happens (a status webhook as it
 * was received, a cancellation in the transaction that cancelled the bot), and marked done in the transaction
 * that applied it, so a processor killed in between leaves the row to the next one.
 */
export class Recall1764400000000 implements MigrationInterface {
  name = 'Recall1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE bots ADD COLUMN provider_bot_id text;
      CREATE UNIQUE INDEX bots_provider_bot_idx ON bots (provider, provider_bot_id) WHERE provider_bot_id IS NOT NULL;

      -- kind 'status': a provider's status webhook (id derived from its message id, so a redelivery is one row);
      -- kind 'cancel': delete the provider's bot of a cancelled bot (id derived from the bot id).
      CREATE TABLE recorder_work (
        id text PRIMARY KEY,
        provider text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('status', 'cancel')),
        provider_bot_id text,
        bot_id text,
        payload jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
        last_error text,
        done_at timestamptz(3),
        outcome text,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      );
      CREATE INDEX recorder_work_due_idx ON recorder_work (next_attempt_at) WHERE done_at IS NULL;
      CREATE INDEX recorder_work_done_idx ON recorder_work (done_at) WHERE done_at IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE recorder_work;
      DROP INDEX bots_provider_bot_idx;
      ALTER TABLE bots DROP COLUMN provider_bot_id;
    `);
  }
}
