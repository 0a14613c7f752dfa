import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook subscriptions, one delivery per (subscription, event), and every attempt of it (the delivery log).
 * Deliveries are the durable record of what must still be sent: the queue only schedules them, so a Redis that
 * lost its data loses no delivery.
 */
export class Webhooks1764100000000 implements MigrationInterface {
  name = 'Webhooks1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        -- Events are delivered for conversations this member can see (docs/api.md "Webhooks").
        owner_id text NOT NULL,
        url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
        description text CHECK (char_length(description) <= 500),
        events text[] NOT NULL CHECK (cardinality(events) > 0),
        -- Signing secrets (whsec_…) are needed in clear to sign, so they are stored encrypted (AES-256-GCM under
        -- WEBHOOK_SECRET_KEY), not hashed. After a rotation the previous one keeps signing until it expires.
        secret_sealed text NOT NULL,
        previous_secret_sealed text,
        previous_secret_expires_at timestamptz(3),
        enabled boolean NOT NULL DEFAULT true,
        -- 'manual' (an admin turned it off) or 'failing' (it kept failing for WEBHOOK_DISABLE_AFTER).
        disabled_reason text CHECK (disabled_reason IN ('manual', 'failing')),
        disabled_at timestamptz(3),
        -- Start of the current run of failed attempts; reset by any success.
        failing_since timestamptz(3),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT webhooks_workspace_id_key UNIQUE (workspace_id, id),
        CONSTRAINT webhooks_owner_fk FOREIGN KEY (workspace_id, owner_id) REFERENCES memberships (workspace_id, user_id) ON DELETE CASCADE,
        CONSTRAINT webhooks_disabled_has_reason CHECK (enabled OR disabled_reason IS NOT NULL)
      );
      CREATE INDEX webhooks_workspace_idx ON webhooks (workspace_id, created_at DESC, id DESC);

      CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        workspace_id text NOT NULL,
        webhook_id text NOT NULL,
        -- The outbox event (evt_…); it is also the webhook-id header, the same on every attempt and redelivery,
        -- so subscribers can de-duplicate.
        event_id text NOT NULL,
        event_type text NOT NULL,
        -- The envelope as sent, kept with the delivery so the outbox can be pruned independently.
        payload jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz(3),
        -- 'event' (relayed from the outbox), 'redelivery' (an admin's Redeliver) or 'test' (Send test event).
        origin text NOT NULL DEFAULT 'event' CHECK (origin IN ('event', 'redelivery', 'test')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        completed_at timestamptz(3),
        CONSTRAINT webhook_deliveries_webhook_fk FOREIGN KEY (workspace_id, webhook_id)
          REFERENCES webhooks (workspace_id, id) ON DELETE CASCADE
      );
      -- Relaying an event twice creates its delivery once.
      CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (webhook_id, event_id) WHERE origin = 'event';
      CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC);
      CREATE INDEX webhook_deliveries_failed_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC) WHERE status = 'failed';
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_retention_idx ON webhook_deliveries (created_at);

      CREATE TABLE webhook_attempts (
        id text PRIMARY KEY,
        delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL CHECK (attempt >= 1),
        started_at timestamptz(3) NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        request_url text NOT NULL,
        request_headers jsonb NOT NULL,
        request_body text NOT NULL,
        response_status integer,
        response_headers jsonb,
        -- The first 4 KiB of the answer.
        response_body text CHECK (octet_length(response_body) <= 4096),
        -- null on success; else why the attempt failed.
        error_kind text CHECK (error_kind IN ('timeout', 'connection_refused', 'dns', 'tls', 'blocked_target', 'redirect', 'http_status', 'network')),
        error_message text,
        CONSTRAINT webhook_attempts_once UNIQUE (delivery_id, attempt)
      );

      -- Wakes the webhook worker's relay as soon as an event is committed (LISTEN outbox_event), so the first
      -- attempt does not wait for the next poll; polling stays as the fallback. NOTIFY is delivered at commit
      -- and folds identical notifications of one transaction into one.
      CREATE FUNCTION notify_outbox_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('outbox_event', '');
        RETURN NULL;
      END $$;
      CREATE TRIGGER outbox_event_notify AFTER INSERT ON outbox FOR EACH ROW WHEN (NEW.topic = 'event') EXECUTE FUNCTION notify_outbox_event();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER outbox_event_notify ON outbox`);
    await q.query(`DROP FUNCTION notify_outbox_event()`);
    await q.query(`DROP TABLE webhook_attempts, webhook_deliveries, webhooks`);
  }
}
