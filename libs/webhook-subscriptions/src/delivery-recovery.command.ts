import { newId } from '@cs/domain';
import type { Tx } from '@cs/writes';
import { webhookFor } from './webhook-access';
import type { RecoverWebhookInput } from './webhook-input.schema';
import type { WebhookCommandContext } from './webhook.commands';
import type { z } from 'zod/v4';
import type { WebhookRecoverySchema } from './webhook-resource.schema';

export type WebhookRecovery = z.output<typeof WebhookRecoverySchema>;

/**
 * Recover (as Svix does): every event whose delivery to this webhook failed since `since` is sent again, as a new
 * delivery (`origin: redelivery`) with the same event id, so the `webhook-id` header lets receivers de-duplicate.
 * An event counts once however many of its deliveries failed, and not at all when one of them has succeeded or is
 * still pending: recovering twice, or after a Redeliver, sends nothing twice. Test events are not recovered. Like
 * Redeliver, it is an admin's explicit request, so it is sent to a disabled webhook too.
 */
export async function recoverFailedDeliveries(tx: Tx, ctx: WebhookCommandContext, webhookId: string, input: RecoverWebhookInput): Promise<WebhookRecovery> {
  // FOR UPDATE: a concurrent recovery of the same webhook waits, so two of them cannot both see an event as undelivered.
  await webhookFor(tx, ctx.actor, webhookId, { lock: 'FOR UPDATE', ownerOnly: 'recover its deliveries' });
  const since = new Date(input.since);
  const events = await tx.query<{ event_id: string }>(
    `SELECT d.event_id
     FROM webhook_deliveries d
     WHERE d.webhook_id = $1 AND d.workspace_id = $2 AND d.status = 'failed' AND d.origin <> 'test' AND d.created_at >= $3
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries o
         WHERE o.webhook_id = d.webhook_id AND o.event_id = d.event_id AND o.status IN ('succeeded', 'pending')
       )
     GROUP BY d.event_id
     ORDER BY min(d.created_at), d.event_id`,
    [webhookId, ctx.actor.workspaceId, since],
  );
  const eventIds = events.map((e) => e.event_id);
  await tx.query(
    `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, next_attempt_at, origin, created_at, updated_at)
     SELECT n.id, $3, $4, n.event_id, f.event_type, f.payload, 'pending', 0, $5, 'redelivery', $5, $5
     FROM unnest($1::text[], $2::text[]) AS n(id, event_id)
     CROSS JOIN LATERAL (
       SELECT event_type, payload FROM webhook_deliveries WHERE webhook_id = $4 AND event_id = n.event_id ORDER BY created_at LIMIT 1
     ) f`,
    [eventIds.map(() => newId('delivery', ctx.now)), eventIds, ctx.actor.workspaceId, webhookId, ctx.now],
  );
  return { webhook_id: webhookId, since: since.toISOString(), deliveries_created: eventIds.length };
}
