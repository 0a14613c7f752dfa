import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SearchHeadingWords1765300000000 } from './1765300000000-search-heading-words';
import { createIndexConcurrently, dropIndexConcurrently, withLockRetry } from './online/online-index';

/**
 * Drops what the heading arm of the search read before ranked retrieval (migration 1766000000000, issue 32): the
 * headings' words of each conversation (search_conversation_headings, its GIN index and the triggers that kept it
 * on every indexing statement), the GIN index of the headings' passages and their partial B-tree by conversation.
 * Nothing reads them since; every indexing statement still paid for them.
 *
 * Online: the triggers go first, each drop an instant's ACCESS EXCLUSIVE lock on search_passages taken under the
 * migrations' lock timeout and retried; from then on indexing writes no headings. The table's drop locks
 * conversations as briefly, for its foreign key. The two indexes of search_passages are dropped concurrently.
 */
export class SearchHeadingsDropped1766200000000 implements MigrationInterface {
  name = 'SearchHeadingsDropped1766200000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await withLockRetry(q, () => q.query(`DROP TRIGGER IF EXISTS search_conversation_headings_on_insert ON search_passages`));
    await withLockRetry(q, () => q.query(`DROP TRIGGER IF EXISTS search_conversation_headings_on_delete ON search_passages`));
    await q.query(`
      DROP FUNCTION IF EXISTS cs_conversation_headings_after_insert();
      DROP FUNCTION IF EXISTS cs_conversation_headings_after_delete();
      DROP FUNCTION IF EXISTS cs_refresh_conversation_headings(text[]);
    `);
    await withLockRetry(q, () => q.query(`DROP TABLE IF EXISTS search_conversation_headings`));
    await dropIndexConcurrently(q, 'search_passages_heading_conversation_idx');
    await dropIndexConcurrently(q, 'search_passages_heading_tsv_idx');
  }

  /** Back to 1766000000000's end state: the headings' index built concurrently, then the table as 1765300000000 made it. */
  async down(q: QueryRunner): Promise<void> {
    await createIndexConcurrently(q, 'search_passages_heading_tsv_idx', `ON search_passages USING gin (tsv) WITH (fastupdate = off) WHERE field <> 'content'`);
    await new SearchHeadingWords1765300000000().up(q);
  }
}
