import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { FeedSequencer, OUTBOX_EVENT_CHANNEL } from '@cs/events';
import { DATA_SOURCE, Metrics, NotificationListener, PeriodicTask } from '@cs/nest-infrastructure';
import { poolTransactions, postgresPool } from '@cs/persistence';
import type { DataSource } from 'typeorm';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/**
 * Positions committed events for the feed (FeedSequencer) in every api replica: one at a time holds the feed head,
 * the others find it taken and wait for the next wake. Woken by each committed event's notification, polling as
 * the fallback, so the feed never depends on a worker being up.
 */
@Injectable()
export class FeedSequencerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: PeriodicTask;
  private readonly listener: NotificationListener;

  constructor(@Inject(API_CONFIG) config: ApiConfig, @Inject(DATA_SOURCE) dataSource: DataSource, metrics: Metrics) {
    const sequencer = new FeedSequencer(poolTransactions(postgresPool(dataSource)));
    metrics.watchFeedLag(() => sequencer.lagSeconds());
    this.task = new PeriodicTask('FeedSequencer', config.FEED_SEQUENCER_POLL_MS, () => sequencer.drain());
    this.listener = new NotificationListener(config.DATABASE_URL, OUTBOX_EVENT_CHANNEL, () => this.task.wake());
  }

  async onApplicationBootstrap(): Promise<void> {
    this.task.start();
    await this.listener.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.listener.stop();
    await this.task.stop();
  }
}
