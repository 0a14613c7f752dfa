import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search at scale (docs/search.md "Plans and performance").
 *
 * - The GIN index on the passages' tsvector also holds their conversation, source type and speaker (btree_gin): a
 *   list with `q` for a common word walks the list in its own order and asks the index, for each conversation,
 *   whether any of its passages matches, without reading the conversation's hundreds of passages; a search for
 *   what one speaker said, or in one type of source, intersects those keys with the words' in the index. A query on
 *   the tsvector alone reads the index as before.
 * - Titles, digests and summary lines get a GIN index of their own: search ranks every match among them before it
 *   bounds the content passages, and they are a few passages per conversation among hundreds of transcript turns.
 * - The tsvector's statistics target is raised so the planner knows the frequency of more lexemes: whether the
 *   list walks or starts from the index (a rare word) depends on it. The index's expression lower(speaker)
 *   gets statistics of its own, which tell the planner how many turns a speaker has.
 */
export class SearchHeadings1764900000000 implements MigrationInterface {
  name = 'SearchHeadings1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE EXTENSION IF NOT EXISTS btree_gin;
      DROP INDEX search_passages_tsv_idx;
      CREATE INDEX search_passages_tsv_idx ON search_passages USING gin (conversation_id, tsv, source_type, lower(speaker));
      CREATE INDEX search_passages_heading_tsv_idx ON search_passages USING gin (tsv) WHERE field <> 'content';
      ALTER TABLE search_passages ALTER COLUMN tsv SET STATISTICS 1000;
      ANALYZE search_passages;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE search_passages ALTER COLUMN tsv SET STATISTICS -1;
      DROP INDEX search_passages_heading_tsv_idx;
      DROP INDEX search_passages_tsv_idx;
      CREATE INDEX search_passages_tsv_idx ON search_passages USING gin (tsv);
    `);
  }
}
