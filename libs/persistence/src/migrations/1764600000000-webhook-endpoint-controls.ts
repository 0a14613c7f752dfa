import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What Standard Webhooks senders give an endpoint beyond retries: it can say it is gone (a 410 answer disables it
 * at once, `disabled_reason = 'gone'`), and it can ask to be sent at most so many requests a second.
 */
export class WebhookEndpointControls1764600000000 implements MigrationInterface {
  name = 'WebhookEndpointControls1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhooks DROP CONSTRAINT webhooks_disabled_reason_check;
      ALTER TABLE webhooks ADD CONSTRAINT webhooks_disabled_reason_check CHECK (disabled_reason IN ('manual', 'failing', 'gone'));
      -- Requests per second this endpoint accepts, across every worker replica; null: as fast as the worker goes.
      ALTER TABLE webhooks ADD COLUMN rate_limit_per_second integer CHECK (rate_limit_per_second BETWEEN 1 AND 1000);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhooks DROP COLUMN rate_limit_per_second;
      UPDATE webhooks SET disabled_reason = 'failing' WHERE disabled_reason = 'gone';
      ALTER TABLE webhooks DROP CONSTRAINT webhooks_disabled_reason_check;
      ALTER TABLE webhooks ADD CONSTRAINT webhooks_disabled_reason_check CHECK (disabled_reason IN ('manual', 'failing'));
    `);
  }
}
