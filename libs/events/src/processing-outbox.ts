import type { DataSource } from 'typeorm';
import { PROCESSING_TOPIC, type TransactionQuery } from './outbox';
import type { ProcessConversationJob } from './processing-queue';

/** Relayed processing requests are kept this long for inspection, then forgotten. */
export const RELAYED_PROCESSING_RETENTION = '7 days';

/**
 * Moves one batch of processing requests out of the outbox: locks up to `limit` unrelayed rows with SKIP LOCKED,
 * so replicas share the work, hands their jobs to `enqueue`, and marks the rows relayed only once it resolved. A
 * crash in between relays them again, which the deterministic job ids (processingJobId) turn into no-ops.
 * Returns how many rows it relayed.
 */
export function relayProcessingRequests(
  dataSource: DataSource,
  limit: number,
  enqueue: (jobs: ProcessConversationJob[]) => Promise<unknown>,
): Promise<number> {
  return dataSource.transaction(async (m) => {
    const tx: TransactionQuery = m;
    const rows = await tx.query<{ id: string; payload: ProcessConversationJob }>(
      `SELECT id, payload FROM outbox WHERE topic = $1 AND relayed_at IS NULL ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [PROCESSING_TOPIC, limit],
    );
    if (rows.length === 0) return 0;
    await enqueue(rows.map((row) => row.payload));
    await tx.query(`UPDATE outbox SET relayed_at = now() WHERE id = ANY($1::text[])`, [rows.map((row) => row.id)]);
    return rows.length;
  });
}

/** Forgets processing requests relayed longer than RELAYED_PROCESSING_RETENTION ago, in the caller's transaction. */
export async function forgetRelayedProcessingRequests(tx: TransactionQuery): Promise<void> {
  await tx.query(`DELETE FROM outbox WHERE topic = $1 AND relayed_at < now() - $2::interval`, [PROCESSING_TOPIC, RELAYED_PROCESSING_RETENTION]);
}
