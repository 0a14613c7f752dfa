import { type JobsOptions, Queue } from 'bullmq';

/**
 * The delivery queue, declared once for its producers (relay, poller, the worker's own retries) and its consumer.
 * A job is one attempt of one delivery; the database row is the durable record, the queue only schedules.
 */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';
export const DELIVER_WEBHOOK_JOB = 'deliver-webhook';

export interface DeliverWebhookJob {
  deliveryId: string;
  /** The subscription, so a worker can hold back attempts to an endpoint already busy without a query. */
  webhookId: string;
  /** 1-based number of the attempt this job makes. */
  attempt: number;
  /**
   * The request id of the write that caused the event (the outbox row's), carried into every log line of the
   * delivery's attempts; null for Redeliver and Send test event. Absent from jobs queued before it existed.
   */
  requestId?: string | null;
  /** Set once the attempt has reserved its turn at a rate-limited endpoint (EndpointPace), so it does not again. */
  paced?: boolean;
}

/**
 * Deterministic job id: the relay, the poller and a retry that all schedule the same attempt add one job.
 * (BullMQ job ids must not contain ':'.)
 */
export const deliveryJobId = (deliveryId: string, attempt: number): string => `${deliveryId}.${attempt}`;

export type DeliveryQueue = Queue<DeliverWebhookJob>;

export function createDeliveryQueue(redisUrl: string, prefix: string): DeliveryQueue {
  return new Queue<DeliverWebhookJob>(WEBHOOK_DELIVERY_QUEUE, { connection: { url: redisUrl, maxRetriesPerRequest: null }, prefix });
}

/**
 * Job options, explicit rather than library defaults (docs/contributing.md "Workers"). The retry schedule is ours (each
 * attempt is its own job, made when the previous one is recorded), so BullMQ itself retries a job only for
 * infrastructure errors (Postgres unreachable) and then drops it: the poller re-adds any due delivery whose job
 * is gone. Finished jobs are removed, since the deliveries table is the record; duplicate jobs are harmless
 * because an attempt is recorded once per (delivery, attempt).
 */
export function deliveryJobOptions(job: DeliverWebhookJob, delayMs = 0): JobsOptions {
  return {
    jobId: deliveryJobId(job.deliveryId, job.attempt),
    delay: Math.max(0, Math.round(delayMs)),
    attempts: 3,
    backoff: { type: 'exponential', delay: 1_000 },
    removeOnComplete: true,
    removeOnFail: true,
  };
}

/** Schedules attempts; returns when Redis has them. */
export async function scheduleAttempts(queue: DeliveryQueue, jobs: ReadonlyArray<{ job: DeliverWebhookJob; delayMs?: number }>): Promise<void> {
  if (jobs.length === 0) return;
  await queue.addBulk(jobs.map(({ job, delayMs }) => ({ name: DELIVER_WEBHOOK_JOB, data: job, opts: deliveryJobOptions(job, delayMs) })));
}
