import { PROCESS_CONVERSATION_JOB, relayProcessingRequests } from '@cs/events';
import type { DataSource } from 'typeorm';
import type { ProcessorConfig } from '../config/processor-config';
import { jobOptions, type ProcessingQueue } from '../queue/processing-queue';

const BATCH = 100;

/** Moves processing requests from the outbox into the queue (see relayProcessingRequests for the guarantees). */
export class OutboxRelay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: ProcessingQueue,
    private readonly config: ProcessorConfig,
  ) {}

  /** Relays one batch; returns how many rows it relayed. */
  relayOnce(): Promise<number> {
    return relayProcessingRequests(this.dataSource, BATCH, (jobs) =>
      this.queue.addBulk(jobs.map((job) => ({ name: PROCESS_CONVERSATION_JOB, data: job, opts: jobOptions(this.config, job) }))),
    );
  }
}
