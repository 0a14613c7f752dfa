import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The conversations' list index by status also carries the columns of the list's own conditions (owner, visibility,
 * folder), so reading which of a workspace's conversations a filter allows needs no row of the table. A search
 * narrowed by folder, tag or date reads them for every conversation that holds its words (docs/search.md "Filtered
 * searches"); from the table, that was a page for every four conversations (rows of about 1 KB, summaries inline):
 * 2,889 pages and 9 of the 16 ms of "political" in a folder on the benchmark. As an index-only scan it reads the
 * index's own pages: a filtered search's mean alone went from 12.8 to 9.1–9.7 ms (tools/bench/README.md "search").
 *
 * Replaced rather than added beside: the key is the same, so every plan that used the index still can, and a write
 * keeps one index to maintain.
 */
export class ConversationsListCoversFilters1765400000000 implements MigrationInterface {
  name = 'ConversationsListCoversFilters1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX conversations_status_list_idx;
      CREATE INDEX conversations_status_list_idx ON conversations (workspace_id, status, created_at DESC, id DESC)
        INCLUDE (owner_id, visibility, folder_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX conversations_status_list_idx;
      CREATE INDEX conversations_status_list_idx ON conversations (workspace_id, status, created_at DESC, id DESC);
    `);
  }
}
