import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search ranks every matching title, digest and summary line before it bounds the content passages
 * (docs/search.md "Ranking a bounded candidate set"). They are a few passages per conversation among hundreds of
 * transcript turns: their own GIN index finds them without reading the posting lists of every turn that says the
 * word. The statistics target of the tsvector is raised so the planner knows more lexemes' frequencies: whether a
 * list with `q` walks the list and probes each conversation (a common word) or starts from the GIN index (a rare
 * one) depends on it.
 */
export class SearchHeadings1764900000000 implements MigrationInterface {
  name = 'SearchHeadings1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX search_passages_heading_tsv_idx ON search_passages USING gin (tsv) WHERE field <> 'content';
      ALTER TABLE search_passages ALTER COLUMN tsv SET STATISTICS 1000;
      ANALYZE search_passages;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE search_passages ALTER COLUMN tsv SET STATISTICS -1;
      DROP INDEX search_passages_heading_tsv_idx;
    `);
  }
}
