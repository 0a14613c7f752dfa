import { Logger } from '@nestjs/common';
import { PROCESS_CONVERSATION_JOB, type ProcessConversationJob, processingJobId } from '@cs/events';
import type { ProcessingStore } from '@cs/processing';
import type { ProcessorConfig } from '../config/processor-config';
import { jobOptions, type ProcessingQueue } from '../queue/processing-queue';

export interface SweepReport {
  requeued: number;
  failed: number;
}

/**
 * The safety net under the outbox: a conversation pending for longer than STALE_AFTER_MS whose job is gone
 * (Redis restarted without its data) is enqueued again under the same job id; one whose job failed without
 * the worker recording it (a worker killed on its last attempt) ends in `error`. The store's sweep also forgets
 * expired idempotency keys and old relayed processing requests.
 */
export class StaleWorkSweeper {
  private readonly logger = new Logger('StaleWorkSweeper');

  constructor(
    private readonly queue: ProcessingQueue,
    private readonly store: ProcessingStore,
    private readonly config: ProcessorConfig,
  ) {}

  async sweepOnce(now = new Date()): Promise<SweepReport> {
    const report = { requeued: 0, failed: 0 };
    await this.store.sweepStale(new Date(now.getTime() - this.config.STALE_AFTER_MS), async (stale) => {
      for (const { conversationId, workspaceId, generation } of stale) {
        const data: ProcessConversationJob = { conversationId, workspaceId, generation, requestId: null };
        const job = await this.queue.getJob(processingJobId(conversationId, generation));
        const state = job ? await job.getState() : 'missing';
        if (state === 'failed') {
          if (await this.store.saveFailed(conversationId, generation, 'internal_error', null)) report.failed++;
        } else if (state === 'missing' || state === 'unknown' || state === 'completed') {
          // A completed job that left its conversation pending died between its write and its end: do it again.
          if (job && state === 'completed') await job.remove();
          await this.queue.add(PROCESS_CONVERSATION_JOB, data, jobOptions(this.config, data));
          report.requeued++;
        }
      }
    });
    if (report.requeued + report.failed > 0) this.logger.warn(report, 'swept stale processing work');
    return report;
  }
}
