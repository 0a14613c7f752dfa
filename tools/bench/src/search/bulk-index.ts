import { poolQueryable, SESSION_OPTIONS } from '@cs/persistence';
import { indexConversations } from '@cs/search';
import { Pool } from 'pg';
import type { Log } from '../kit/bench-database';

/** Conversations per indexConversations statement: big enough to be set-based, small enough to report progress. */
export const INDEX_BATCH = 100;

/**
 * Indexes every ready conversation with @cs/search's own indexConversations (the statement the processor runs in
 * its transaction, here for INDEX_BATCH conversations at a time), on two connections at once. Returns the
 * number of passages written. Without JIT, as the service's connections: the planner overestimates the rows of the
 * statement's set-returning functions and would compile it for longer than it runs.
 */
export async function bulkIndex(url: string, log: Log, options: { workers?: number; batch?: number } = {}): Promise<number> {
  const workers = options.workers ?? 2;
  const batchSize = options.batch ?? INDEX_BATCH;
  const pool = new Pool({ connectionString: url, max: workers, application_name: 'bench-search-index', options: `-c synchronous_commit=off ${SESSION_OPTIONS}` });
  try {
    const ids = (await pool.query<{ id: string }>(`SELECT id FROM conversations WHERE status = 'ready' ORDER BY id`)).rows.map((r) => r.id);
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += batchSize) batches.push(ids.slice(i, i + batchSize));
    const db = poolQueryable(pool);
    let next = 0;
    let done = 0;
    let passages = 0;
    let reported = 0;
    const started = Date.now();
    const worker = async (): Promise<void> => {
      while (next < batches.length) {
        const batch = batches[next++] as string[];
        // Awaited first: `passages += await …` would read `passages` before the other worker's addition lands.
        const written = await indexConversations(db, batch);
        passages += written;
        done += batch.length;
        if (done - reported >= ids.length / 10) {
          reported = done;
          log(`    indexed ${done.toLocaleString('en-US')} of ${ids.length.toLocaleString('en-US')} conversations (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    return passages;
  } finally {
    await pool.end();
  }
}
