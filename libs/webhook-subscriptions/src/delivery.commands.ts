import { isIdOf, newId, notFound } from '@cs/domain';
import type { Tx } from '@cs/writes';
import { getDelivery } from './delivery-log.queries';
import { TEST_EVENT_TYPE } from './test-event-type';
import { webhookFor } from './webhook-access';
import type { WebhookCommandContext } from './webhook.commands';
import type { WebhookDeliveryDetail } from './webhook.resource';

/** The envelope of a test event: the spec's shape, with data that names the webhook and no conversation. */
export function testEventEnvelope(webhookId: string, now: Date): { id: string; type: string; created_at: string; data: Record<string, unknown> } {
  return {
    id: newId('event', now),
    type: TEST_EVENT_TYPE,
    created_at: now.toISOString(),
    data: { webhook_id: webhookId, message: 'A test event sent from developer settings or the API. It describes no conversation.' },
  };
}

/**
 * Writes a delivery the worker sends at once (status pending, next attempt now): the worker picks up every
 * such row, whatever wrote it (webhooks-common contract).
 */
async function insertPendingDelivery(
  tx: Tx,
  ctx: WebhookCommandContext,
  webhookId: string,
  delivery: { eventId: string; eventType: string; payload: unknown; origin: 'redelivery' | 'test' },
): Promise<WebhookDeliveryDetail> {
  const id = newId('delivery', ctx.now);
  await tx.query(
    `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, next_attempt_at, origin, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $8, $7, $7)`,
    [id, ctx.actor.workspaceId, webhookId, delivery.eventId, delivery.eventType, JSON.stringify(delivery.payload), ctx.now, delivery.origin],
  );
  return getDelivery(tx, ctx.actor, webhookId, id);
}

/**
 * Redeliver (as GitHub does): a NEW delivery of the same event and payload, so the `webhook-id` header stays the
 * event's id and receivers that already processed it can de-duplicate. The original delivery and its log stay.
 */
export async function redeliver(tx: Tx, ctx: WebhookCommandContext, webhookId: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  await webhookFor(tx, ctx.actor, webhookId, { lock: 'FOR SHARE', ownerOnly: 'redeliver its events' });
  if (!isIdOf('delivery', deliveryId)) throw notFound('delivery');
  const [original] = await tx.query<{ event_id: string; event_type: string; payload: unknown }>(
    `SELECT event_id, event_type, payload FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2 AND workspace_id = $3`,
    [deliveryId, webhookId, ctx.actor.workspaceId],
  );
  if (!original) throw notFound('delivery');
  return insertPendingDelivery(tx, ctx, webhookId, { eventId: original.event_id, eventType: original.event_type, payload: original.payload, origin: 'redelivery' });
}

/** Send test event: a `webhook.test` event with a new evt_ id, delivered to this webhook only, enabled or not. */
export async function sendTestEvent(tx: Tx, ctx: WebhookCommandContext, webhookId: string): Promise<WebhookDeliveryDetail> {
  await webhookFor(tx, ctx.actor, webhookId, { lock: 'FOR SHARE', ownerOnly: 'send it a test event' });
  const envelope = testEventEnvelope(webhookId, ctx.now);
  return insertPendingDelivery(tx, ctx, webhookId, { eventId: envelope.id, eventType: envelope.type, payload: envelope, origin: 'test' });
}
