import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The words of each conversation, as one tsvector without positions or weights: every lexeme (word pairs included)
 * of its passages (docs/search.md "Filtered searches: the conversations' words"). A search narrowed by folder, tag
 * or date starts from the conversations that hold the query's words, intersected with the filter, instead of from
 * the passages' index, which knows nothing of folders or dates: that one yields every matching passage of every
 * conversation and tenant, and the filter then drops most of them. Maintained by @cs/search's indexConversations in
 * the statement that replaces the passages; filled here from the passages already indexed.
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
      INSERT INTO search_conversation_terms (conversation_id, workspace_id, terms)
      SELECT c.id, c.workspace_id, w.terms
      FROM conversations c
      CROSS JOIN LATERAL (
        SELECT array_to_tsvector(array_agg(DISTINCT l.lexeme)) AS terms
        FROM search_passages sp CROSS JOIN LATERAL unnest(tsvector_to_array(sp.tsv)) AS l(lexeme)
        WHERE sp.conversation_id = c.id
      ) w
      WHERE w.terms IS NOT NULL;
      CREATE INDEX search_conversation_terms_idx ON search_conversation_terms USING gin (terms);
      ANALYZE search_conversation_terms;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE search_conversation_terms`);
  }
}
