import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Word pairs for phrase search (docs/search.md "Phrases"). A GIN index on a tsvector holds no positions, so a phrase
 * query used to read from the heap, and check, every passage holding all of the phrase's words; words that go
 * together without being the phrase ("user" and "interface" in a design meeting) made that tens of thousands of
 * passages. Now each passage's tsvector also holds every two lexemes that stand next to each other, joined by a space
 * and without positions, and a phrase query also asks the index for its pairs (TextQuery), which only passages
 * holding the phrase's words side by side have. Elasticsearch's `index_phrases` does the same with shingles.
 *
 * cs_word_pairs reads the positions of the tsvector it is given, the very ones a phrase match compares, so a passage
 * that matches a phrase always holds its pairs. A lexeme longer than Postgres's limit (2,047 bytes) cannot be
 * stored: such pairs are left out, and the query side does not ask for them (MAX_WORD_PAIR_BYTES). Lexemes without
 * positions (the pairs themselves) yield none, so running it on a tsvector that has pairs adds nothing.
 */
export const MAX_WORD_PAIR_BYTES = 2047;

export class SearchWordPairs1765000000000 implements MigrationInterface {
  name = 'SearchWordPairs1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION cs_word_pairs(v tsvector) RETURNS tsvector
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        WITH words AS (SELECT u.lexeme, p.pos FROM unnest(v) AS u, unnest(u.positions) AS p(pos))
        SELECT array_to_tsvector(coalesce(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme), '{}'))
        FROM words a JOIN words b ON b.pos = a.pos + 1
        WHERE octet_length(a.lexeme) + 1 + octet_length(b.lexeme) <= ${MAX_WORD_PAIR_BYTES}
      $$;
      UPDATE search_passages SET tsv = tsv || cs_word_pairs(tsv);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE search_passages SET tsv = ts_filter(tsv, '{a,b,c,d}') WHERE tsv <> ts_filter(tsv, '{a,b,c,d}');
      DROP FUNCTION cs_word_pairs(tsvector);
    `);
  }
}
