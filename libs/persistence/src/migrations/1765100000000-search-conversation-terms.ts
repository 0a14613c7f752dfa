import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words of each conversation, as one tsvector without positions or weights: every lexeme (word pairs included)
 * of its passages (docs/search.md "Filtered searches: the conversations' words"). A search narrowed by folder, tag
 * or date starts from the conversations that hold the query's words, intersected with the filter, instead of from
 * the passages' index, which knows nothing of folders or dates: that one yields every matching passage of every
 * conversation and tenant, and the filter then drops most of them.
 *
 * Kept by triggers on search_passages rather than by the code that writes passages, so that whatever writes them
 * (this release's indexing, or the previous release's replicas still running during a rollout) keeps the words
 * whole: after a statement inserts passages, the words of their conversations are made again from all their
 * passages; after one deletes passages, a conversation left without any loses its row. A search only needs a
 * conversation's words to hold those of its passages (a word too many costs one probe, a word missing would hide a
 * match), so passages deleted without a re-index (a source's, by cascade) leave the row as it was.
 */
export class SearchConversationTerms1765100000000 implements MigrationInterface {
  name = 'SearchConversationTerms1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE search_conversation_terms (
        conversation_id text PRIMARY KEY,
        workspace_id text NOT NULL,
        terms tsvector NOT NULL,
        CONSTRAINT search_conversation_terms_conversation_fk FOREIGN KEY (workspace_id, conversation_id)
          REFERENCES conversations (workspace_id, id) ON DELETE CASCADE
      );

      -- The one statement that makes conversations' words from their passages: the insert trigger's and the backfill's.
      CREATE FUNCTION cs_refresh_conversation_terms(ids text[]) RETURNS void LANGUAGE sql AS $$
        INSERT INTO search_conversation_terms (conversation_id, workspace_id, terms)
        SELECT c.id, c.workspace_id, w.terms
        FROM conversations c
        CROSS JOIN LATERAL (
          SELECT array_to_tsvector(array_agg(DISTINCT l.lexeme)) AS terms
          FROM search_passages sp CROSS JOIN LATERAL unnest(tsvector_to_array(sp.tsv)) AS l(lexeme)
          WHERE sp.conversation_id = c.id
        ) w
        WHERE c.id = ANY(ids) AND w.terms IS NOT NULL
        ON CONFLICT (conversation_id) DO UPDATE SET terms = excluded.terms;
      $$;

      CREATE FUNCTION cs_conversation_terms_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM cs_refresh_conversation_terms(ARRAY(SELECT DISTINCT conversation_id FROM changed_passages));
        RETURN NULL;
      END $$;

      CREATE FUNCTION cs_conversation_terms_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM search_conversation_terms t
        WHERE t.conversation_id IN (SELECT conversation_id FROM changed_passages)
          AND NOT EXISTS (SELECT 1 FROM search_passages sp WHERE sp.conversation_id = t.conversation_id);
        RETURN NULL;
      END $$;

      CREATE TRIGGER search_conversation_terms_on_insert AFTER INSERT ON search_passages
        REFERENCING NEW TABLE AS changed_passages FOR EACH STATEMENT EXECUTE FUNCTION cs_conversation_terms_after_insert();
      CREATE TRIGGER search_conversation_terms_on_delete AFTER DELETE ON search_passages
        REFERENCING OLD TABLE AS changed_passages FOR EACH STATEMENT EXECUTE FUNCTION cs_conversation_terms_after_delete();

      SELECT cs_refresh_conversation_terms(ARRAY(SELECT id FROM conversations));
      CREATE INDEX search_conversation_terms_idx ON search_conversation_terms USING gin (terms);
      ANALYZE search_conversation_terms;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER search_conversation_terms_on_insert ON search_passages;
      DROP TRIGGER search_conversation_terms_on_delete ON search_passages;
      DROP FUNCTION cs_conversation_terms_after_insert();
      DROP FUNCTION cs_conversation_terms_after_delete();
      DROP FUNCTION cs_refresh_conversation_terms(text[]);
      DROP TABLE search_conversation_terms;
    `);
  }
}
