import { PROCESS_CONVERSATION_JOB, type ProcessConversationJob, PROCESSING_TOPIC } from '@cs/events';
import type { DataSource } from 'typeorm';
import type { ProcessorConfig } from '../config/processor-config';
import { jobOptions, type ProcessingQueue } from '../queue/processing-queue';

const BATCH = 100;

/**
 * Moves processing requests from the outbox into the queue. Rows are locked with SKIP LOCKED, so replicas share
 * the work, and marked relayed only after the queue accepted the jobs: a crash in between relays them again,
 * which the deterministic job ids turn into no-ops.
 */
export class OutboxRelay {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: ProcessingQueue,
    private readonly config: ProcessorConfig,
  ) {}

  /** Relays one batch; returns how many rows it relayed. */
  relayOnce(): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const rows = (await m.query(
        `SELECT id, payload FROM outbox WHERE topic = $1 AND relayed_at IS NULL ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [PROCESSING_TOPIC, BATCH],
      )) as Array<{ id: string; payload: ProcessConversationJob }>;
      if (rows.length === 0) return 0;
      await this.queue.addBulk(rows.map(({ payload }) => ({ name: PROCESS_CONVERSATION_JOB, data: payload, opts: jobOptions(this.config, payload) })));
      await m.query(`UPDATE outbox SET relayed_at = now() WHERE id = ANY($1::text[])`, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }
}
