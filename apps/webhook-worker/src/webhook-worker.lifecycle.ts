import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OUTBOX_EVENT_CHANNEL } from '@cs/events';
import { DATA_SOURCE, Metrics, NotificationListener, PeriodicTask } from '@cs/nest-infrastructure';
import {
  createDeliveryQueue,
  DeliveryAttemptHandler,
  DeliveryLogRetention,
  type DeliveryQueue,
  DueDeliveryPoller,
  EndpointPace,
  EndpointSlots,
  EventRelay,
  WebhookSender,
} from '@cs/webhook-delivery';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { WEBHOOK_WORKER_CONFIG, type WebhookWorkerConfig } from './config/webhook-worker-config';
import { DeliveryWorker } from './worker/delivery.worker';

/**
 * Starts the delivery worker, the outbox relay, the due-delivery poller and the retention purge once every
 * connection is up, and stops them in reverse on shutdown: no new work is taken, attempts in flight finish and
 * are recorded, then the connections close.
 */
@Injectable()
export class WebhookWorkerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookWorker');
  private readonly queue: DeliveryQueue;
  private readonly sender: WebhookSender;
  private readonly worker: DeliveryWorker;
  private readonly tasks: PeriodicTask[];
  private readonly listener: NotificationListener;
  /** Holds the rate-limited endpoints' paces (EndpointPace), shared by every replica. */
  private readonly redis: Redis;

  constructor(@Inject(WEBHOOK_WORKER_CONFIG) config: WebhookWorkerConfig, @Inject(DATA_SOURCE) dataSource: DataSource, metrics: Metrics) {
    this.queue = createDeliveryQueue(config.REDIS_URL, config.QUEUE_PREFIX);
    // The autoscaling signal of the worker (k8s prod overlay) and its backlog, read at each scrape.
    metrics.watchQueue(this.queue.name, () => this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed'));
    this.sender = new WebhookSender({ allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS, requireHttps: config.NODE_ENV === 'production' });
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
    const pace = new EndpointPace(this.redis, config.QUEUE_PREFIX);
    const handler = new DeliveryAttemptHandler(dataSource, this.queue, this.sender, pace, {
      secretKey: config.WEBHOOK_SECRET_KEY,
      timeScale: config.WEBHOOK_TIME_SCALE,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
    });
    // Any endpoint may use a quarter of the slots (a dead one takes them all before it shows slow, for a whole
    // timeout: half left the others too few, isolation 0.79 against 0.86), a slow one only WEBHOOK_ENDPOINT_CONCURRENCY.
    const slots = new EndpointSlots(Math.max(1, Math.floor(config.WEBHOOK_CONCURRENCY / 4)), config.WEBHOOK_ENDPOINT_CONCURRENCY);
    this.worker = new DeliveryWorker(handler, slots, config);
    // The relay queues a new delivery held back when its endpoint has stalled in this process's worker.
    const relay = new EventRelay(dataSource, this.queue, slots);
    const poller = new DueDeliveryPoller(dataSource, this.queue, { graceMs: config.WEBHOOK_POLL_GRACE_MS });
    const retention = new DeliveryLogRetention(dataSource, config.WEBHOOK_LOG_RETENTION_DAYS);
    // Relays back-to-back while there is a backlog, then at the configured interval, or at once when notified.
    const relayTask = new PeriodicTask('EventRelay', config.WEBHOOK_RELAY_INTERVAL_MS, async () => {
      while ((await relay.relayOnce()).events > 0);
    });
    this.listener = new NotificationListener(config.DATABASE_URL, OUTBOX_EVENT_CHANNEL, () => relayTask.wake());
    this.tasks = [
      relayTask,
      new PeriodicTask('DueDeliveryPoller', config.WEBHOOK_POLL_INTERVAL_MS, () => poller.pollOnce()),
      new PeriodicTask('DeliveryLogRetention', config.WEBHOOK_RETENTION_INTERVAL_MS, async () => {
        const report = await retention.purgeOnce();
        if (report.attempts + report.deliveries + report.events > 0) this.logger.log(report, 'purged the delivery log past its retention');
      }),
    ];
    if (config.WEBHOOK_ALLOW_PRIVATE_TARGETS) this.logger.warn('WEBHOOK_ALLOW_PRIVATE_TARGETS=true: webhooks may reach private and loopback addresses');
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.redis.connect();
    this.worker.start();
    for (const task of this.tasks) task.start();
    await this.listener.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    await Promise.all(this.tasks.map((task) => task.stop()));
    await this.worker.stop();
    await this.queue.close();
    await this.redis.quit();
    this.sender.close();
  }
}
