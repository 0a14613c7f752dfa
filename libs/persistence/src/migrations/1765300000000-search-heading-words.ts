import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words of each conversation's titles, digests and summary lines, in a table of their own beside its words
 * (docs/search.md "Filtered searches: the conversations' words"). A search narrowed by folder, tag or date takes its
 * heading candidates from the conversations the filter allows whose headings hold the query's words, probing each
 * one's few headings by a partial index of their own. Before, it read the headings' GIN index, which yields the
 * matching headings of every conversation and tenant in index order, each a row on a page of its own and each
 * conversation checked against the filter: 2,760 checks and 4,313 pages for 200 candidates of "review" under a tag
 * on the benchmark (23 ms of a 39 ms search).
 *
 * A table of its own, not a column of search_conversation_terms: filling a column would rewrite every row of that
 * table and put all its words into its GIN index again (7 minutes on the benchmark's corpus).
 *
 * Kept as the conversations' words are (migration 1765100000000), by statement triggers of their own on
 * search_passages: after an insert, the headings' words of the passages' conversations are made again; after a
 * delete, a conversation left without passages loses its row.
 */
export class SearchHeadingWords1765300000000 implements MigrationInterface {
  name = 'SearchHeadingWords1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_conversation_headings (
        conversation_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        headings tsvector NOT NULL,
        CONSTRAINT search_conversation_headings_conversation_fk FOREIGN KEY (workspace_id, conversation_id)
          REFERENCES conversations (workspace_id, id) ON DELETE CASCADE
      );
      CREATE INDEX search_passages_heading_conversation_idx ON search_passages (conversation_id) WHERE field <> 'content';

      -- The one statement that makes the headings' words: of every conversation with passages, empty when none is a heading.
      CREATE FUNCTION cs_refresh_conversation_headings(ids text[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO search_conversation_headings (conversation_id, workspace_id, headings)
        SELECT c.id, c.workspace_id, COALESCE(w.headings, ''::tsvector)
        FROM conversations c
        CROSS JOIN LATERAL (
          SELECT array_to_tsvector(array_agg(DISTINCT l.lexeme)) AS headings
          FROM search_passages sp CROSS JOIN LATERAL unnest(tsvector_to_array(sp.tsv)) AS l(lexeme)
          WHERE sp.conversation_id = c.id AND sp.field <> 'content'
        ) w
        WHERE c.id = ANY(ids) AND EXISTS (SELECT 1 FROM search_passages sp WHERE sp.conversation_id = c.id)
        ON CONFLICT (conversation_id) DO UPDATE SET headings = excluded.headings;
      $$;

      CREATE FUNCTION cs_conversation_headings_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM cs_refresh_conversation_headings(ARRAY(SELECT DISTINCT conversation_id FROM changed_passages));
        RETURN NULL;
      END $$;

      CREATE FUNCTION cs_conversation_headings_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM search_conversation_headings h
        WHERE h.conversation_id IN (SELECT conversation_id FROM changed_passages)
          AND NOT EXISTS (SELECT 1 FROM search_passages sp WHERE sp.conversation_id = h.conversation_id);
        RETURN NULL;
      END $$;

      CREATE TRIGGER search_conversation_headings_on_insert AFTER INSERT ON search_passages
        REFERENCING NEW TABLE AS changed_passages FOR EACH STATEMENT EXECUTE FUNCTION cs_conversation_headings_after_insert();
      CREATE TRIGGER search_conversation_headings_on_delete AFTER DELETE ON search_passages
        REFERENCING OLD TABLE AS changed_passages FOR EACH STATEMENT EXECUTE FUNCTION cs_conversation_headings_after_delete();

      SELECT cs_refresh_conversation_headings(ARRAY(SELECT conversation_id FROM search_conversation_terms));
      CREATE INDEX search_conversation_headings_idx ON search_conversation_headings USING gin (headings) WITH (fastupdate = off);
      ANALYZE search_conversation_headings;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER search_conversation_headings_on_insert ON search_passages;
      DROP TRIGGER search_conversation_headings_on_delete ON search_passages;
      DROP FUNCTION cs_conversation_headings_after_insert();
      DROP FUNCTION cs_conversation_headings_after_delete();
      DROP FUNCTION cs_refresh_conversation_headings(text[]);
      DROP INDEX search_passages_heading_conversation_idx;
      DROP TABLE search_conversation_headings;
    `);
  }
}
