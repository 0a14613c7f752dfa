import { Logger } from '@nestjs/common';
import { PROCESSING_QUEUE, type ProcessConversationJob } from '@cs/events';
import { failureReason, isPermanentFailure, processConversation, type ProcessingStore, type Summarizer } from '@cs/processing';
import { type Job, Worker } from 'bullmq';
import type { ProcessorConfig } from '../config/processor-config';

export type JobOutcome = 'ready' | 'failed' | 'stale';

/**
 * Consumes the processing queue. A job either writes its results (ready), or, when its input can never work or
 * its last attempt failed, ends the conversation in `error`; other failures are thrown, so BullMQ retries them
 * with the configured backoff. Both outcomes write their event in the same transaction as the state.
 */
export class ProcessingWorker {
  private readonly logger = new Logger('ProcessingWorker');
  private worker: Worker<ProcessConversationJob, JobOutcome> | undefined;

  constructor(
    private readonly store: ProcessingStore,
    private readonly summarizer: Summarizer,
    private readonly config: ProcessorConfig,
    private readonly onJobDone: (outcome: JobOutcome | 'retry', seconds: number) => void = () => undefined,
  ) {}

  async handle(job: Job<ProcessConversationJob>): Promise<JobOutcome> {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const outcome = await this.process(job);
      this.onJobDone(outcome, seconds());
      return outcome;
    } catch (error) {
      this.onJobDone('retry', seconds());
      throw error;
    }
  }

  private async process(job: Job<ProcessConversationJob>): Promise<JobOutcome> {
    const { conversationId, generation, requestId } = job.data;
    const log = { conversationId, generation, requestId, attempt: job.attemptsMade + 1, jobId: job.id };
    try {
      const conversation = await this.store.load(conversationId, generation);
      if (!conversation) {
        this.logger.log({ ...log, outcome: 'stale' }, 'job outlived its generation; nothing to do');
        return 'stale';
      }
      const result = await processConversation(conversation, this.summarizer);
      const saved = await this.store.saveReady(conversationId, generation, result, requestId);
      this.logger.log({ ...log, outcome: saved ? 'ready' : 'stale' }, 'conversation processed');
      return saved ? 'ready' : 'stale';
    } catch (error) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!isPermanentFailure(error) && !lastAttempt) {
        this.logger.warn({ ...log, err: error }, 'processing failed; it will be retried');
        throw error;
      }
      const reason = failureReason(error);
      const saved = await this.store.saveFailed(conversationId, generation, reason, requestId);
      this.logger.error({ ...log, err: error, outcome: saved ? 'failed' : 'stale', reason }, 'processing failed for good');
      return saved ? 'failed' : 'stale';
    }
  }

  /** Starts consuming; called once everything the handler needs is up (docs/contributing.md "Workers": start paused). */
  start(): void {
    this.worker = new Worker<ProcessConversationJob, JobOutcome>(PROCESSING_QUEUE, (job) => this.handle(job), {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: this.config.QUEUE_PREFIX,
      concurrency: this.config.PROCESSOR_CONCURRENCY,
      autorun: false,
      // A job whose worker died (SIGKILL, OOM) is taken up again after the lock expires; twice at most, then
      // it fails and the sweeper ends its conversation in `error`. BullMQ moves a job back when two stalled checks in
      // a row find it without a lock, so checking three times a lock period takes it up within 1⅔ periods of the
      // death, not three (one period of 60 s took 62–182 s in the fault drill).
      lockDuration: this.config.PROCESSING_LOCK_MS,
      stalledInterval: Math.ceil(this.config.PROCESSING_LOCK_MS / 3),
      maxStalledCount: 2,
    });
    this.worker.on('error', (err) => this.logger.error({ err }, 'worker error'));
    void this.worker.run();
  }

  /** Stops taking jobs and waits for those in flight (graceful shutdown on SIGTERM). */
  async stop(): Promise<void> {
    await this.worker?.close();
  }
}
