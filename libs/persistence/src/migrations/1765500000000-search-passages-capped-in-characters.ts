import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The most characters a search passage holds. Passages were capped at 200 words split on whitespace only, so
 * `w,w,w,…` without a space was one "word" of any length: a member who stored 36 KB of it, then searched a quoted
 * phrase of that word, made one `ts_headline` call take 423 MB and 2.4 s in a database backend, and a longer line
 * took 22 GB before the kernel killed the backend, and Postgres restarted every connection of every tenant (issue
 * 31). Highlighting now reads at most this many characters of a passage (@cs/search) and indexing cuts longer
 * chunks (cs_cut_passage); this migration re-cuts the passages already stored. 2,000 characters is well above a
 * 200-word chunk of ordinary speech (about 1,100), so ordinary passages stay as they were.
 */
export const PASSAGE_MAX_CHARS = 2000;

/**
 * The longest piece of one word cs_cut_passage keeps together: a longer word is cut into pieces of this many
 * characters. At most 255 (the regular expression's repeat limit), and at most half of the cap.
 */
const WORD_PIECE_CHARS = 250;

export class SearchPassagesCappedInCharacters1765500000000 implements MigrationInterface {
  name = 'SearchPassagesCappedInCharacters1765500000000';

  async up(q: QueryRunner): Promise<void> {
    // cs_cut_passage(body, max_chars): `body` cut into pieces of at most max_chars characters, in order (`piece`
    // from 1), at whitespace; a word longer than WORD_PIECE_CHARS is cut into pieces of that many characters first.
    // Without a running total that resets (which SQL has no set-based form for), the pieces are the words whose last
    // character falls in one window of (max_chars − WORD_PIECE_CHARS + 1) characters of the text: such a piece
    // starts at most WORD_PIECE_CHARS − 1 characters before its window, so it is never longer than max_chars.
    // Linear in the text (a 10 MB word without spaces: 3 s), and only called for chunks over the cap.
    await q.query(`
      CREATE FUNCTION cs_cut_passage(body text, max_chars integer) RETURNS TABLE (piece bigint, text text)
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT row_number() OVER (ORDER BY min(t.n)), string_agg(t.part, CASE WHEN t.starts_word THEN ' ' ELSE '' END ORDER BY t.n)
        FROM (
          SELECT p.n, p.part, p.starts_word,
                 sum(char_length(p.part) + p.starts_word::int) OVER (ORDER BY p.n) - 2 AS last_char
          FROM (
            SELECT row_number() OVER (ORDER BY w.i, m.j) AS n, m.part[1] AS part, m.j = 1 AS starts_word
            FROM unnest(regexp_split_to_array(body, '\\s+')) WITH ORDINALITY AS w(word, i)
            CROSS JOIN LATERAL regexp_matches(w.word, '.{1,${WORD_PIECE_CHARS}}', 'g') WITH ORDINALITY AS m(part, j)
            WHERE w.word <> ''
          ) p
        ) t
        GROUP BY t.last_char / (max_chars - ${WORD_PIECE_CHARS} + 1)
      $$;
    `);
    // The stored passages over the cap, replaced by their pieces (weighted as indexing weights their field, with
    // their word pairs); then the affected conversations' passages are numbered again in order. The words tables
    // follow by their statement triggers.
    const affected = await q.query(
      `
      WITH long AS (
        DELETE FROM search_passages WHERE char_length(body) > $1 RETURNING *
      ),
      pieces AS (
        SELECT l.*, c.piece, c.text FROM long l CROSS JOIN LATERAL cs_cut_passage(l.body, $1) c
      )
      INSERT INTO search_passages (workspace_id, conversation_id, source_id, source_type, field, speaker, start_seconds, position, body, config, tsv)
      SELECT p.workspace_id, p.conversation_id, p.source_id, p.source_type, p.field, p.speaker, p.start_seconds, p.position, p.text, p.config,
             setweight(v.tsv, (CASE p.field WHEN 'title' THEN 'A' WHEN 'digest' THEN 'B' WHEN 'summary' THEN 'C' ELSE 'D' END)::"char")
               || cs_word_pairs(v.tsv)
      FROM pieces p CROSS JOIN LATERAL to_tsvector(p.config::regconfig, p.text) AS v(tsv)
      ORDER BY p.conversation_id, p.position, p.piece
      RETURNING conversation_id
      `,
      [PASSAGE_MAX_CHARS],
    );
    await q.query(
      `
      UPDATE search_passages sp SET position = r.n
      FROM (
        SELECT id, row_number() OVER (PARTITION BY conversation_id ORDER BY position, id)::int AS n
        FROM search_passages WHERE conversation_id = ANY($1::text[])
      ) r
      WHERE sp.id = r.id AND sp.position <> r.n
      `,
      [[...new Set((affected as { conversation_id: string }[]).map((row) => row.conversation_id))]],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // The pieces stay: they are valid passages under the old rules too.
    await q.query(`DROP FUNCTION cs_cut_passage(text, integer)`);
  }
}
