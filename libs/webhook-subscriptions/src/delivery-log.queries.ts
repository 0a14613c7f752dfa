import { isIdOf, notFound } from '@cs/domain';
import { newestFirst, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import type { WebhookActor } from './webhook-actor';
import { webhookFor } from './webhook-access';
import type { DeliveryOrigin, DeliveryStatus, WebhookAttempt, WebhookDelivery, WebhookDeliveryDetail } from './webhook.resource';

export interface DeliveryLogFilters {
  /**
   * `failed` shows only deliveries that exhausted their attempts (the REST list's `status=failed`); `failing` adds
   * those whose latest attempt failed and that are still being retried (developer settings' "Failed only", issue 19:
   * it hid a delivery failing right now).
   */
  status: 'all' | 'failed' | 'failing';
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  origin: DeliveryOrigin;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
  last_response_status: number | null;
  last_error_kind: string | null;
}

/** An attempt as Postgres returns it: the resource's columns, with the timestamp still a Date. */
type AttemptRow = Omit<WebhookAttempt, 'started_at'> & { started_at: Date };

/** The log columns of deliveries, with the outcome of each one's latest attempt; `extra` adds columns (constants only). */
const deliverySelect = (extra = '') => `SELECT d.id, d.webhook_id, d.event_id, d.event_type, d.origin, d.status, d.attempts, d.next_attempt_at, d.created_at,
       d.completed_at, last.response_status AS last_response_status, last.error_kind AS last_error_kind${extra}
  FROM webhook_deliveries d
  LEFT JOIN LATERAL (
    SELECT a.response_status, a.error_kind FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.attempt DESC LIMIT 1
  ) last ON true`;

const ORDER = newestFirst('d');

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event_id: row.event_id,
    event_type: row.event_type,
    origin: row.origin,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' ? (row.next_attempt_at?.toISOString() ?? null) : null,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    last_response_status: row.last_response_status,
    last_error_kind: row.last_error_kind,
  };
}

function toAttempt(row: AttemptRow): WebhookAttempt {
  return { ...row, started_at: row.started_at.toISOString() };
}

/** The log shows what was sent: its owner's alone (webhook-access.ts). */
const readLog = (db: RowQueryable, actor: WebhookActor, webhookId: string) => webhookFor(db, actor, webhookId, { lock: null, ownerOnly: 'read its delivery log' });

/** A webhook's delivery log, newest first, keyset-paginated on (created_at, id). */
export async function listDeliveries(
  db: RowQueryable,
  actor: WebhookActor,
  webhookId: string,
  request: PageRequest<DeliveryLogFilters>,
): Promise<Page<WebhookDelivery>> {
  await readLog(db, actor, webhookId);
  const p = new SqlParams();
  const where = [`d.webhook_id = ${p.add(webhookId)}`, `d.workspace_id = ${p.add(actor.workspaceId)}`];
  if (request.filters.status === 'failed') where.push(`d.status = 'failed'`);
  if (request.filters.status === 'failing') where.push(`(d.status = 'failed' OR (d.status = 'pending' AND last.error_kind IS NOT NULL))`);
  if (request.after) where.push(ORDER.after(p, request.after));
  const rows = await db.query<DeliveryRow>(
    `${deliverySelect()} WHERE ${where.join(' AND ')} ${ORDER.orderAndLimit(p, request.limit)}`,
    p.values,
  );
  return ORDER.page(rows, request.limit, toDelivery);
}

/** One delivery of the webhook with its payload and every attempt (request, response, duration, error). */
export async function getDelivery(db: RowQueryable, actor: WebhookActor, webhookId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  await readLog(db, actor, webhookId);
  if (!isIdOf('delivery', deliveryId)) throw notFound('delivery');
  const [row] = await db.query<DeliveryRow & { payload: Record<string, unknown> }>(
    `${deliverySelect(', d.payload')} WHERE d.id = $1 AND d.webhook_id = $2 AND d.workspace_id = $3`,
    [deliveryId, webhookId, actor.workspaceId],
  );
  if (!row) throw notFound('delivery');
  const attempts = await db.query<AttemptRow>(
    `SELECT attempt, started_at, duration_ms, request_url, request_headers, request_body, response_status, response_headers, response_body,
            error_kind, error_message
       FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`,
    [deliveryId],
  );
  return { ...toDelivery(row), payload: row.payload, attempts: attempts.map(toAttempt) };
}
