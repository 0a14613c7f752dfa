import { Logger } from '@nestjs/common';
import { type AttemptResult, type DeliverWebhookJob, type DeliveryAttemptHandler, type EndpointSlots, WEBHOOK_DELIVERY_QUEUE } from '@cs/webhook-delivery';
import { DelayedError, type Job, Worker } from 'bullmq';
import type { WebhookWorkerConfig } from '../config/webhook-worker-config';

/**
 * Consumes the delivery queue: one job is one attempt. Attempts to an endpoint that already has its share of
 * slots in flight are put back as delayed jobs without touching the database, so they never occupy a slot.
 */
export class DeliveryWorker {
  private readonly logger = new Logger('DeliveryWorker');
  private worker: Worker<DeliverWebhookJob, AttemptResult['kind']> | undefined;

  constructor(
    private readonly handler: DeliveryAttemptHandler,
    /** This process's admission policy, shared with the relay. */
    private readonly slots: EndpointSlots,
    private readonly config: WebhookWorkerConfig,
  ) {}

  private async process(job: Job<DeliverWebhookJob>, token: string | undefined): Promise<AttemptResult['kind']> {
    const { deliveryId, webhookId, attempt, requestId = null } = job.data;
    const slot = this.slots.tryAcquire(webhookId);
    if (slot === null) {
      await job.moveToDelayed(Date.now() + this.slots.holdBack(webhookId), token);
      throw new DelayedError();
    }
    try {
      const result = await this.handler.handle(job.data);
      if (result.kind === 'paced') {
        // The turn is reserved: the job keeps it (paced) while it waits, then sends without reserving again.
        await job.updateData({ ...job.data, paced: true });
        await job.moveToDelayed(Date.now() + result.waitMs, token);
        throw new DelayedError();
      }
      const log = { deliveryId, webhookId, attempt, requestId, outcome: result.kind };
      if (result.kind === 'retrying') this.logger.log({ ...log, retryInMs: result.delayMs }, 'webhook attempt failed; retry scheduled');
      else if (result.kind === 'failed') this.logger.warn(log, 'webhook delivery failed for good');
      else if (result.kind === 'gone') this.logger.warn(log, 'webhook endpoint answered 410 Gone; it is disabled');
      else this.logger.debug(log, 'webhook attempt done');
      return result.kind;
    } finally {
      this.slots.release(webhookId, slot);
    }
  }

  /** Starts consuming; called once everything the handler needs is up (docs/contributing.md "Workers": start paused). */
  start(): void {
    this.worker = new Worker<DeliverWebhookJob, AttemptResult['kind']>(WEBHOOK_DELIVERY_QUEUE, (job, token) => this.process(job, token), {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: this.config.QUEUE_PREFIX,
      concurrency: this.config.WEBHOOK_CONCURRENCY,
      autorun: false,
      // The attempt of a worker that died is taken up again once its lock expires; the attempt log makes sure it
      // is recorded once.
      lockDuration: this.config.WEBHOOK_LOCK_MS,
      stalledInterval: this.config.WEBHOOK_LOCK_MS,
      maxStalledCount: 5,
    });
    this.worker.on('error', (err) => this.logger.error({ err }, 'worker error'));
    this.worker.on('failed', (job, err) => {
      if (!(err instanceof DelayedError)) {
        this.logger.error({ err, jobId: job?.id, requestId: job?.data.requestId ?? null }, 'webhook job failed (infrastructure error); it will be retried');
      }
    });
    void this.worker.run();
  }

  /** Stops taking jobs and waits for the attempts in flight (graceful shutdown on SIGTERM). */
  async stop(): Promise<void> {
    await this.worker?.close();
  }
}
