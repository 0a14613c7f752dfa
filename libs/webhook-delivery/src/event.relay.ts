import { newId } from '@cs/domain';
import { EVENT_TOPIC, type EventEnvelope, envelopeFor } from '@cs/events';
import type { DataSource } from 'typeorm';
import type { EndpointSlots } from './endpoint-slots';
import { type AudiencedEvent, subscriptionReceives } from './subscription-match';
import { type DeliverWebhookJob, type DeliveryQueue, scheduleAttempts } from './webhook-delivery.queue';

interface OutboxEventRow {
  id: string;
  workspace_id: string;
  type: string;
  payload: Record<string, unknown>;
  audience: AudiencedEvent['audience'];
  request_id: string | null;
  created_at: Date;
}

interface SubscriptionRow {
  id: string;
  workspace_id: string;
  owner_id: string;
  events: string[];
  enabled: boolean;
  created_at: Date;
}

export interface RelayReport {
  /** Outbox events marked relayed. */
  events: number;
  /** Deliveries created (a re-relayed event creates none it already has). */
  deliveries: number;
}

/**
 * Turns outbox events into deliveries: one `webhook_deliveries` row per matching enabled subscription, and the
 * event marked relayed, in one transaction (rows locked with SKIP LOCKED, so replicas share the work). The first
 * attempts are scheduled after the commit; if the process dies in between, the poller schedules them, so the
 * queue is never the only record of work.
 */
export class EventRelay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    /**
     * The admission policy of the worker in this process (EndpointSlots): a new delivery's first attempt is queued
     * held back for as long as it says (0: at once), so a stalled endpoint's share of a burst is not fetched only
     * to be put back. Without one, every first attempt is queued at once.
     */
    private readonly admission: Pick<EndpointSlots, 'stalledHoldBack'> = { stalledHoldBack: () => 0 },
    private readonly batchSize = 200,
  ) {}

  async relayOnce(now: Date = new Date()): Promise<RelayReport> {
    const { report, jobs } = await this.dataSource.transaction(async (m) => {
      const events = (await m.query(
        `SELECT id, workspace_id, type, payload, audience, request_id, created_at FROM outbox
         WHERE topic = $1 AND relayed_at IS NULL ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [EVENT_TOPIC, this.batchSize],
      )) as OutboxEventRow[];
      if (events.length === 0) return { report: { events: 0, deliveries: 0 }, jobs: [] as DeliverWebhookJob[] };
      const workspaceIds = [...new Set(events.map((e) => e.workspace_id))];
      const subscriptions = (await m.query(
        `SELECT id, workspace_id, owner_id, events, enabled, created_at FROM webhooks WHERE workspace_id = ANY($1::text[]) AND enabled`,
        [workspaceIds],
      )) as SubscriptionRow[];

      const rows: Array<{ id: string; workspaceId: string; webhookId: string; eventId: string; envelope: EventEnvelope }> = [];
      for (const event of events) {
        const audienced: AudiencedEvent = { workspaceId: event.workspace_id, type: event.type, audience: event.audience, createdAt: event.created_at };
        for (const s of subscriptions) {
          const filter = { workspaceId: s.workspace_id, ownerId: s.owner_id, enabled: s.enabled, events: s.events, createdAt: s.created_at };
          if (subscriptionReceives(filter, audienced)) {
            // As the subscription's owner sees it: in full, or as `<kind>.hidden` (subscription-match.ts).
            const envelope = envelopeFor(event.payload as unknown as EventEnvelope, event.audience, s.owner_id);
            if (envelope) rows.push({ id: newId('delivery', now), workspaceId: s.workspace_id, webhookId: s.id, eventId: event.id, envelope });
          }
        }
      }
      let inserted: Array<{ id: string; webhook_id: string; event_id: string }> = [];
      if (rows.length > 0) {
        inserted = (await m.query(
          `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, next_attempt_at, origin, created_at, updated_at)
           SELECT t.id, t.workspace_id, t.webhook_id, t.event_id, t.event_type, t.payload, 'pending', 0, $7, 'event', $7, $7
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[]) AS t(id, workspace_id, webhook_id, event_id, event_type, payload)
           ON CONFLICT (webhook_id, event_id) WHERE origin = 'event' DO NOTHING
           RETURNING id, webhook_id, event_id`,
          [
            rows.map((r) => r.id),
            rows.map((r) => r.workspaceId),
            rows.map((r) => r.webhookId),
            rows.map((r) => r.eventId),
            rows.map((r) => r.envelope.type),
            rows.map((r) => JSON.stringify(r.envelope)),
            now,
          ],
        )) as Array<{ id: string; webhook_id: string; event_id: string }>;
      }
      const requestIds = new Map(events.map((e) => [e.id, e.request_id]));
      await m.query(`UPDATE outbox SET relayed_at = $2 WHERE id = ANY($1::text[])`, [events.map((e) => e.id), now]);
      return {
        report: { events: events.length, deliveries: inserted.length },
        jobs: inserted.map((d) => ({ deliveryId: d.id, webhookId: d.webhook_id, attempt: 1, requestId: requestIds.get(d.event_id) ?? null })),
      };
    });
    await scheduleAttempts(this.queue, jobs.map((job) => ({ job, delayMs: this.admission.stalledHoldBack(job.webhookId) })));
    return report;
  }
}
