import { Logger } from '@nestjs/common';
import { PROCESS_CONVERSATION_JOB, type ProcessConversationJob, processingJobId } from '@cs/events';
import type { DataSource } from 'typeorm';
import type { ProcessorConfig } from '../config/processor-config';
import type { ConversationStore } from '../pipeline/conversation-store';
import { jobOptions, type ProcessingQueue } from '../queue/processing-queue';

const BATCH = 200;
// Any constant; the same in every replica, so one sweeps at a time.
const SWEEP_LOCK = 7_261_004;
const IDEMPOTENCY_WINDOW = '24 hours';
const RELAYED_OUTBOX_RETENTION = '7 days';

export interface SweepReport {
  requeued: number;
  failed: number;
}

/**
 * The safety net under the outbox: a conversation pending for longer than STALE_AFTER_MS whose job is gone
 * (Redis restarted without its data) is enqueued again under the same job id; one whose job failed without
 * the worker recording it (a worker killed on its last attempt) ends in `error`. Also forgets expired
 * idempotency keys and old relayed processing requests.
 */
export class StaleWorkSweeper {
  private readonly logger = new Logger('StaleWorkSweeper');

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: ProcessingQueue,
    private readonly store: ConversationStore,
    private readonly config: ProcessorConfig,
  ) {}

  sweepOnce(now = new Date()): Promise<SweepReport> {
    return this.dataSource.transaction(async (m) => {
      const [{ locked }] = (await m.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [SWEEP_LOCK])) as [{ locked: boolean }];
      const report = { requeued: 0, failed: 0 };
      if (!locked) return report;
      const stale = (await m.query(
        `SELECT id, workspace_id, processing_generation FROM conversations
         WHERE status = 'pending' AND processing_requested_at < $1 ORDER BY processing_requested_at LIMIT $2`,
        [new Date(now.getTime() - this.config.STALE_AFTER_MS), BATCH],
      )) as Array<{ id: string; workspace_id: string; processing_generation: number }>;
      for (const c of stale) {
        const data: ProcessConversationJob = { conversationId: c.id, workspaceId: c.workspace_id, generation: c.processing_generation, requestId: null };
        const job = await this.queue.getJob(processingJobId(c.id, c.processing_generation));
        const state = job ? await job.getState() : 'missing';
        if (state === 'failed') {
          if (await this.store.saveFailed(c.id, c.processing_generation, 'internal_error', null)) report.failed++;
        } else if (state === 'missing' || state === 'unknown' || state === 'completed') {
          // A completed job that left its conversation pending died between its write and its end: do it again.
          if (job && state === 'completed') await job.remove();
          await this.queue.add(PROCESS_CONVERSATION_JOB, data, jobOptions(this.config, data));
          report.requeued++;
        }
      }
      await m.query(`DELETE FROM idempotency_keys WHERE created_at < now() - $1::interval`, [IDEMPOTENCY_WINDOW]);
      await m.query(`DELETE FROM outbox WHERE topic = 'processing' AND relayed_at < now() - $1::interval`, [RELAYED_OUTBOX_RETENTION]);
      if (report.requeued + report.failed > 0) this.logger.warn(report, 'swept stale processing work');
      return report;
    });
  }
}
