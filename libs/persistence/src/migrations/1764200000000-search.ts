import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The languages with a Snowball stemmer in core Postgres that search stems (docs/search.md "Languages"). */
const STEMMED = ['english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch'];

/**
 * Full-text search (docs/search.md). One text-search configuration per stemmed language, plus `cs_simple` for every
 * other language: each strips diacritics (unaccent) before it stems, so "Café" and "cafe" are one lexeme, and lower-cases.
 * Configurations are copied from the built-in ones, so their parsers and stop words are Postgres's own.
 *
 * One passage per searchable piece: the title, the digest, each summary paragraph, each transcript speaker turn and
 * each chunk of other source content (a long turn or paragraph is cut into chunks too). A passage keeps where it came
 * from (source, field, speaker, second) so a hit can say who said it and when, the configuration it was analysed
 * with (the query is analysed with the same one), and its tsvector, weighted by field (title A, digest B,
 * summary C, content D) so ranking can put a title above a passing mention. The configuration is stored as text,
 * not regconfig: pg_upgrade refuses tables with reg* columns other than regclass and regtype.
 */
export class Search1764200000000 implements MigrationInterface {
  name = 'Search1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    for (const language of STEMMED) {
      await q.query(`
        CREATE TEXT SEARCH CONFIGURATION cs_${language} (COPY = pg_catalog.${language});
        ALTER TEXT SEARCH CONFIGURATION cs_${language}
          ALTER MAPPING FOR hword, hword_part, word WITH unaccent, ${language}_stem;`);
    }
    await q.query(`
      CREATE TEXT SEARCH CONFIGURATION cs_simple (COPY = pg_catalog.simple);
      ALTER TEXT SEARCH CONFIGURATION cs_simple
        ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;

      CREATE TABLE search_passages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        workspace_id text NOT NULL,
        conversation_id text NOT NULL,
        -- null for the conversation's own fields (title, digest, summary)
        source_id text REFERENCES sources (id) ON DELETE CASCADE,
        source_type text CHECK (source_type IN ('transcript', 'document', 'text', 'file')),
        field text NOT NULL CHECK (field IN ('title', 'digest', 'summary', 'content')),
        -- transcript turns only: who spoke and the second the turn starts at
        speaker text,
        start_seconds integer CHECK (start_seconds >= 0),
        -- order of the passage within its conversation (field, source, line, chunk)
        position integer NOT NULL,
        body text NOT NULL,
        config text NOT NULL,
        tsv tsvector NOT NULL,
        CONSTRAINT search_passages_conversation_fk FOREIGN KEY (workspace_id, conversation_id)
          REFERENCES conversations (workspace_id, id) ON DELETE CASCADE,
        CONSTRAINT search_passages_source_fields CHECK ((source_id IS NULL) = (field <> 'content'))
      );
      CREATE INDEX search_passages_tsv_idx ON search_passages USING gin (tsv);
      CREATE INDEX search_passages_conversation_idx ON search_passages (conversation_id, position);
      CREATE INDEX search_passages_source_idx ON search_passages (source_id) WHERE source_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE search_passages`);
    for (const language of [...STEMMED, 'simple']) await q.query(`DROP TEXT SEARCH CONFIGURATION cs_${language}`);
  }
}
