import type { Webhook, WebhookDelivery } from '@cs/webhook-subscriptions';
import { SafeHtml, html } from './html';
import { type TimeFormat, timeTag } from './utc-date.format';

const DISABLED_BADGES: Record<NonNullable<Webhook['disabled_reason']>, SafeHtml> = {
  manual: html`<span class="badge">Disabled by an admin</span>`,
  failing: html`<span class="badge badge-danger">Disabled: kept failing</span>`,
  gone: html`<span class="badge badge-danger">Disabled: the endpoint answered 410 Gone</span>`,
};

/** Enabled, or disabled and why; a failing run is shown beside it, since the worker disables after a while. */
export function webhookState(webhook: Webhook): SafeHtml {
  const state = webhook.enabled ? html`<span class="badge badge-success">Enabled</span>` : DISABLED_BADGES[webhook.disabled_reason ?? 'manual'];
  const failing = webhook.failing_since ? html`<span class="cell-note failing-note">Failing since ${timeTag(new Date(webhook.failing_since))}</span>` : '';
  return html`${state}${failing}`;
}

const STATUS_BADGES: Record<WebhookDelivery['status'], SafeHtml> = {
  succeeded: html`<span class="badge badge-success">Succeeded</span>`,
  failed: html`<span class="badge badge-danger">Failed</span>`,
  pending: html`<span class="badge badge-pending">Pending</span>`,
};

export function deliveryStatusBadge(status: WebhookDelivery['status']): SafeHtml {
  return STATUS_BADGES[status];
}

const SECONDS: TimeFormat = { seconds: true };

/**
 * A delivery's state in the log: a pending delivery whose latest attempt failed is "Failing, retrying" (issue 19:
 * it read "Pending" and "Failed only" hid it), and any pending delivery says when it is tried next.
 */
export function deliveryState(delivery: Pick<WebhookDelivery, 'status' | 'last_error_kind' | 'next_attempt_at'>): SafeHtml {
  const retrying = delivery.status === 'pending' && delivery.last_error_kind !== null;
  const badge = retrying ? html`<span class="badge badge-warning">Failing, retrying</span>` : deliveryStatusBadge(delivery.status);
  const next = delivery.status === 'pending' && delivery.next_attempt_at
    ? html`<span class="cell-note next-attempt">Next attempt ${timeTag(new Date(delivery.next_attempt_at), SECONDS)}</span>`
    : '';
  return html`${badge}${next}`;
}

/** Redeliver makes a new delivery of the event: offered once a delivery is over, never while it is still pending. */
export const canRedeliver = (delivery: Pick<WebhookDelivery, 'status'>): boolean => delivery.status !== 'pending';

const ORIGINS: Record<WebhookDelivery['origin'], string> = { event: 'Event', redelivery: 'Redelivery', test: 'Test event' };

export function deliveryOrigin(origin: WebhookDelivery['origin']): string {
  return ORIGINS[origin];
}

/** "503", "timeout", "503 · http_status" or "Not tried yet": the latest outcome in a few characters. */
export function lastOutcome(delivery: Pick<WebhookDelivery, 'last_response_status' | 'last_error_kind' | 'attempt_count'>): SafeHtml {
  if (delivery.attempt_count === 0) return html`<span class="muted">Not tried yet</span>`;
  const status = delivery.last_response_status === null ? '' : String(delivery.last_response_status);
  const error = delivery.last_error_kind && delivery.last_error_kind !== 'http_status' ? delivery.last_error_kind.replace(/_/g, ' ') : '';
  return html`<code>${[status, error].filter(Boolean).join(' · ') || '—'}</code>`;
}
