import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PROCESSING_QUEUE } from '@cs/events';
import { DATA_SOURCE, Metrics } from '@cs/nest-infrastructure';
import { dispatchDueBots, ProcessingStore, type Summarizer } from '@cs/processing';
import type { DataSource } from 'typeorm';
import { PROCESSOR_CONFIG, type ProcessorConfig } from './config/processor-config';
import { createProcessingQueue, type ProcessingQueue } from './queue/processing-queue';
import { OutboxRelay } from './relay/outbox-relay';
import { PeriodicTask } from '@cs/nest-infrastructure';
import { StaleWorkSweeper } from './sweeper/stale-work.sweeper';
import { DevelopmentRecorder } from './recorder/development-recorder';
import { RecallRecorder } from './recorder/recall-recorder';
import type { RecorderProvider } from './recorder/recorder-provider.port';
import { ProcessingWorker } from './worker/processing.worker';

export const SUMMARIZER = Symbol('SUMMARIZER');

/**
 * Starts the worker, the outbox relay and the sweeper once every connection is up, and stops them in reverse
 * on shutdown: no new work is taken, jobs in flight finish, then the connections close.
 */
@Injectable()
export class ProcessorLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly queue: ProcessingQueue;
  private readonly worker: ProcessingWorker;
  private readonly relay: PeriodicTask;
  private readonly sweeper: PeriodicTask;
  private readonly recorder: RecorderProvider;
  private readonly dispatcher: PeriodicTask;

  constructor(
    @Inject(PROCESSOR_CONFIG) config: ProcessorConfig,
    @Inject(DATA_SOURCE) dataSource: DataSource,
    @Inject(SUMMARIZER) summarizer: Summarizer,
    metrics: Metrics,
  ) {
    this.queue = createProcessingQueue(config);
    metrics.watchQueue(PROCESSING_QUEUE, () => this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed'));
    const store = new ProcessingStore(dataSource);
    this.worker = new ProcessingWorker(store, summarizer, config, (outcome, seconds) => metrics.observeJob(PROCESSING_QUEUE, outcome, seconds));
    const relay = new OutboxRelay(dataSource, this.queue, config);
    // Relays back-to-back while there is a backlog, then at the configured interval.
    this.relay = new PeriodicTask('OutboxRelay', config.OUTBOX_RELAY_INTERVAL_MS, async () => {
      while ((await relay.relayOnce()) > 0);
    });
    const sweeper = new StaleWorkSweeper(this.queue, store, config);
    this.sweeper = new PeriodicTask('StaleWorkSweeper', config.SWEEP_INTERVAL_MS, () => sweeper.sweepOnce());
    this.recorder = config.RECORDER_PROVIDER === 'recall' ? new RecallRecorder(dataSource, config) : new DevelopmentRecorder(config);
    this.dispatcher = new PeriodicTask('BotDispatcher', config.BOT_DISPATCH_INTERVAL_MS, () => {
      const now = new Date();
      return dispatchDueBots(dataSource, (bot) => this.recorder.join(bot), now, this.recorder.horizon(now));
    });
  }

  onApplicationBootstrap(): void {
    this.worker.start();
    this.recorder.start();
    this.relay.start();
    this.sweeper.start();
    this.dispatcher.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.relay.stop(), this.sweeper.stop(), this.dispatcher.stop()]);
    await Promise.all([this.worker.stop(), this.recorder.close()]);
    await this.queue.close();
  }
}
