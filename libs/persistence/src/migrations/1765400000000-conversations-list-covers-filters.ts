import type { MigrationInterface } from 'typeorm';

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
 *
 * The rebuild is done by 1765700000000, concurrently: dropping and creating the index here, in a transaction, blocked
 * every write to conversations, the hottest table, for the whole build. A deployment that ran this migration before
 * has the index already as 1765700000000 leaves it, and 1765700000000 then does nothing.
 */
export class ConversationsListCoversFilters1765400000000 implements MigrationInterface {
  name = 'ConversationsListCoversFilters1765400000000';

  async up(): Promise<void> {
    // Moved to 1765700000000 (see above).
  }

  async down(): Promise<void> {
    // 1765700000000's down puts the previous index back.
  }
}
