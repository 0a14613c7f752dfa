import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The GIN indexes every search reads (docs/search.md "Indexes"). */
const SEARCH_GIN_INDEXES = ['search_passages_tsv_idx', 'search_passages_heading_tsv_idx', 'search_conversation_terms_idx'];

/**
 * The search GIN indexes without a pending list (`fastupdate = off`). With Postgres's default, new entries wait in
 * an unsorted list that every scan of the index reads whole, until a vacuum or a list past gin_pending_list_limit
 * (4 MB) merges it; autovacuum comes by a large table's inserts rarely. On the search benchmark, 280 pending
 * entries (9 pages, the passages of the benchmark's own freshness probes) made every probe of the passages' index
 * 4.6 times slower (16 → 74 µs) and the whole query set 1.5–2.6 times; merged, the figures came back. Without the
 * list, indexing a conversation writes straight into the index: about 120 ms for a one-hour meeting instead of 55 ms,
 * paid once by the processor rather than by every search. The entries pending now are merged here.
 */
export class SearchGinWithoutPendingList1765200000000 implements MigrationInterface {
  name = 'SearchGinWithoutPendingList1765200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const index of SEARCH_GIN_INDEXES) {
      await q.query(`ALTER INDEX ${index} SET (fastupdate = off)`);
      await q.query(`SELECT gin_clean_pending_list('${index}'::regclass)`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of SEARCH_GIN_INDEXES) await q.query(`ALTER INDEX ${index} RESET (fastupdate)`);
  }
}
