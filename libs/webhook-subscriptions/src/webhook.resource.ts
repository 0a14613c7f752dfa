import type { EventType } from '@cs/domain';
import type { z } from 'zod/v4';
import type {
  WEBHOOK_DISABLED_REASONS,
  DELIVERY_ORIGINS,
  DELIVERY_STATUSES,
  WebhookAttemptSchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliverySchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from './webhook-resource.schema';

// The resources' types are their schemas' (webhook-resource.schema.ts), so the two cannot drift.

/** A subscription as the API and the pages show it. The signing secret is never part of it (see WebhookWithSecret). */
export type Webhook = z.output<typeof WebhookSchema>;

/** The answer of create and rotate-secret: the only places the secret is shown. */
export type WebhookWithSecret = z.output<typeof WebhookWithSecretSchema>;

export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type DeliveryOrigin = (typeof DELIVERY_ORIGINS)[number];

/** One entry of a webhook's delivery log. */
export type WebhookDelivery = z.output<typeof WebhookDeliverySchema>;

export type WebhookAttempt = z.output<typeof WebhookAttemptSchema>;

/** A delivery with what was sent and every attempt, oldest first. */
export type WebhookDeliveryDetail = z.output<typeof WebhookDeliveryDetailSchema>;

export interface WebhookRow {
  id: string;
  owner_id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: (typeof WEBHOOK_DISABLED_REASONS)[number] | null;
  rate_limit_per_second: number | null;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const WEBHOOK_COLUMNS = 'id, owner_id, url, events, description, enabled, disabled_reason, rate_limit_per_second, failing_since, previous_secret_expires_at, created_at, updated_at';

export function toWebhook(row: WebhookRow, now: Date): Webhook {
  const previousUntil = row.previous_secret_expires_at && row.previous_secret_expires_at > now ? row.previous_secret_expires_at.toISOString() : null;
  return {
    id: row.id,
    owner_id: row.owner_id,
    url: row.url,
    events: row.events as EventType[],
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : row.disabled_reason,
    rate_limit_per_second: row.rate_limit_per_second,
    failing_since: row.failing_since?.toISOString() ?? null,
    previous_secret_expires_at: previousUntil,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
