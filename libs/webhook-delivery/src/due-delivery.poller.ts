import type { DataSource } from 'typeorm';
import { type DeliveryQueue, scheduleAttempts } from './webhook-delivery.queue';

export interface PollerSettings {
  /**
   * WEBHOOK_POLL_GRACE_MS: how long past its time a delivery the worker scheduled itself may wait for its job
   * before it is scheduled again (its job was lost: Redis restarted empty, or a crash between commit and enqueue).
   */
  graceMs: number;
  batchSize?: number;
}

/**
 * Schedules every pending delivery whose next attempt is due and that may have no job: at once for rows that
 * nobody enqueues (Redeliver and Send test event write a row with next_attempt_at = now() and nothing else),
 * after a grace period for the rest. Re-adding a job that still exists is a no-op (deterministic job ids), so
 * the poller can be wrong in the safe direction only.
 */
export class DueDeliveryPoller {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    private readonly settings: PollerSettings,
  ) {}

  /** Schedules one batch; returns how many deliveries it looked at. */
  async pollOnce(now: Date = new Date()): Promise<number> {
    const due = (await this.dataSource.query(
      `SELECT d.id, d.webhook_id, d.attempts,
              (SELECT o.request_id FROM outbox o WHERE o.id = d.event_id AND d.origin = 'event') AS request_id
       FROM webhook_deliveries d
       WHERE d.status = 'pending' AND d.next_attempt_at <= $1
         AND ((d.attempts = 0 AND d.origin <> 'event') OR d.next_attempt_at <= $2)
       ORDER BY d.next_attempt_at LIMIT $3`,
      [now, new Date(now.getTime() - this.settings.graceMs), this.settings.batchSize ?? 500],
    )) as Array<{ id: string; webhook_id: string; attempts: number; request_id: string | null }>;
    await scheduleAttempts(
      this.queue,
      // The request id is read back from the event while the outbox still holds it (retention may have purged it).
      due.map((d) => ({ job: { deliveryId: d.id, webhookId: d.webhook_id, attempt: d.attempts + 1, requestId: d.request_id } })),
    );
    return due.length;
  }
}
