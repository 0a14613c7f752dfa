import { newWebhookSecret, sealWebhookSecret } from '@cs/events';
import { newId } from '@cs/domain';
import type { DataSource } from 'typeorm';

export interface WebhookRowOptions {
  workspaceId: string;
  ownerId: string;
  url: string;
  secretKey: string;
  events?: string[];
  enabled?: boolean;
  previousSecret?: { secret: string; expiresAt: Date };
  ratePerSecond?: number;
}

/** Inserts a subscription as the management side would (tests only); returns its id and clear secret. */
export async function insertWebhookRow(ds: DataSource, options: WebhookRowOptions): Promise<{ id: string; secret: string }> {
  const id = newId('webhook');
  const secret = newWebhookSecret();
  const enabled = options.enabled ?? true;
  await ds.query(
    `INSERT INTO webhooks (id, workspace_id, owner_id, url, events, secret_sealed, previous_secret_sealed, previous_secret_expires_at, enabled, disabled_reason, rate_limit_per_second)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      options.workspaceId,
      options.ownerId,
      options.url,
      options.events ?? ['conversation.ready', 'conversation.failed', 'conversation.deleted'],
      sealWebhookSecret(options.secretKey, secret),
      options.previousSecret ? sealWebhookSecret(options.secretKey, options.previousSecret.secret) : null,
      options.previousSecret?.expiresAt ?? null,
      enabled,
      enabled ? null : 'manual',
      options.ratePerSecond ?? null,
    ],
  );
  return { id, secret };
}
