import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The write side: what processing needs to keep of each source's input, the transactional outbox, Stripe-style
 * idempotency keys and recorder bots.
 */
export class Writes1764000000000 implements MigrationInterface {
  name = 'Writes1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- processing_generation counts the times the conversation was sent to processing; a job carries the
      -- generation it was made for, so a result computed before a source was added is never written.
      ALTER TABLE conversations
        ADD COLUMN started_at timestamptz(3),
        ADD COLUMN processing_generation integer NOT NULL DEFAULT 0,
        ADD COLUMN processing_requested_at timestamptz(3);
      CREATE INDEX conversations_processing_idx ON conversations (processing_requested_at)
        WHERE status = 'pending' AND processing_requested_at IS NOT NULL;

      -- The input each source was created from; processing renders content, participants and language from it.
      ALTER TABLE sources
        ADD COLUMN input jsonb,
        ADD COLUMN upload bytea,
        ADD COLUMN upload_name text,
        ADD COLUMN upload_kind text;

      -- Transactional outbox: written in the transaction of the state change it announces, relayed to a queue
      -- afterwards. topic 'processing' is relayed by the processor, 'event' by the webhook worker.
      CREATE TABLE outbox (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        topic text NOT NULL CHECK (topic IN ('processing', 'event')),
        type text NOT NULL,
        payload jsonb NOT NULL,
        request_id text,
        -- For events: the conversation's owner and visibility when the event happened, so the relay can tell
        -- which subscriptions may receive it (a subscription gets events of conversations its owner can see),
        -- even after the conversation is gone.
        audience jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        relayed_at timestamptz(3)
      );
      CREATE INDEX outbox_unrelayed_idx ON outbox (topic, created_at, id) WHERE relayed_at IS NULL;

      -- A repeated POST with the same key (per user and workspace) within 24 hours gets the first answer.
      CREATE TABLE idempotency_keys (
        workspace_id text NOT NULL,
        user_id text NOT NULL,
        key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
        request_digest text NOT NULL,
        response_status integer,
        response_body jsonb,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id, key),
        CONSTRAINT idempotency_keys_member_fk FOREIGN KEY (workspace_id, user_id)
          REFERENCES memberships (workspace_id, user_id) ON DELETE CASCADE
      );
      CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

      CREATE TABLE bots (
        id text PRIMARY KEY,
        workspace_id text NOT NULL,
        owner_id text NOT NULL,
        conversation_id text NOT NULL,
        meeting_url text NOT NULL,
        join_at timestamptz(3),
        status text NOT NULL CHECK (status IN ('scheduled', 'joining', 'waiting_room', 'recording', 'done', 'failed')),
        failure_reason text,
        provider text NOT NULL,
        dispatched_at timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT bots_conversation_fk FOREIGN KEY (workspace_id, conversation_id)
          REFERENCES conversations (workspace_id, id) ON DELETE CASCADE,
        CONSTRAINT bots_owner_fk FOREIGN KEY (workspace_id, owner_id) REFERENCES memberships (workspace_id, user_id)
      );
      CREATE INDEX bots_conversation_idx ON bots (conversation_id);
      CREATE INDEX bots_due_idx ON bots (join_at) WHERE dispatched_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE bots, idempotency_keys, outbox;
      ALTER TABLE sources DROP COLUMN input, DROP COLUMN upload, DROP COLUMN upload_name, DROP COLUMN upload_kind;
      DROP INDEX conversations_processing_idx;
      ALTER TABLE conversations DROP COLUMN started_at, DROP COLUMN processing_generation, DROP COLUMN processing_requested_at;
    `);
  }
}
