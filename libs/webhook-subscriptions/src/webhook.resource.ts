import type { EventType } from '@cs/domain';

/** A subscription as the API and the pages show it. The signing secret is never part of it (see WebhookWithSecret). */
export interface Webhook {
  id: string;
  url: string;
  events: EventType[];
  description: string | null;
  enabled: boolean;
  /** `manual` (an admin turned it off) or `failing` (the worker disabled it); null while enabled. */
  disabled_reason: 'manual' | 'failing' | null;
  /** Start of the current run of failed attempts; null when the last attempt succeeded. */
  failing_since: string | null;
  /** Until when the secret replaced by the last rotation still signs beside the current one; null outside that window. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The answer of create and rotate-secret: the only places the secret is shown. */
export type WebhookWithSecret = Webhook & { secret: string };

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';
export type DeliveryOrigin = 'event' | 'redelivery' | 'test';

/** One entry of a webhook's delivery log. */
export interface WebhookDelivery {
  id: string;
  webhook_id: string;
  /** The event's id: the `webhook-id` header, the same on every attempt and redelivery. */
  event_id: string;
  event_type: string;
  origin: DeliveryOrigin;
  status: DeliveryStatus;
  /** Attempts made so far. */
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  completed_at: string | null;
  /** Outcome of the latest attempt, if any: HTTP status (null when none came back) and error kind (null on success). */
  last_response_status: number | null;
  last_error_kind: string | null;
}

export interface WebhookAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number;
  request_url: string;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  /** The first 4 KiB of the answer. */
  response_body: string | null;
  error_kind: string | null;
  error_message: string | null;
}

/** A delivery with what was sent and every attempt, oldest first. */
export type WebhookDeliveryDetail = WebhookDelivery & { payload: Record<string, unknown>; attempts: WebhookAttempt[] };

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const WEBHOOK_COLUMNS = 'id, url, events, description, enabled, disabled_reason, failing_since, previous_secret_expires_at, created_at, updated_at';

export function toWebhook(row: WebhookRow, now: Date): Webhook {
  const previousUntil = row.previous_secret_expires_at && row.previous_secret_expires_at > now ? row.previous_secret_expires_at.toISOString() : null;
  return {
    id: row.id,
    url: row.url,
    events: row.events as EventType[],
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : row.disabled_reason,
    failing_since: row.failing_since?.toISOString() ?? null,
    previous_secret_expires_at: previousUntil,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
