import { SEARCH_CONFIGS, SIMPLE_CONFIG } from '@cs/catalog';
import { PASSAGE_MAX_CHARS, type RowQueryable } from '@cs/persistence';

/**
 * A passage holds at most this many words, and at most PASSAGE_MAX_CHARS characters (migration 1765500000000): a
 * longer turn, paragraph or summary line is cut into chunks of 200 words, and a chunk still longer than that (long
 * words, or punctuation without spaces) into pieces at whitespace, words longer than a piece cut too.
 */
export const PASSAGE_MAX_WORDS = 200;

/**
 * A rendered transcript line, `[HH:MM:SS] Name: text` (@cs/processing's renderTranscript): hours, minutes,
 * seconds, speaker, text. Names hold no colon, as the renderer's other readers assume.
 */
const TRANSCRIPT_LINE = String.raw`^\[(\d{2,}):(\d{2}):(\d{2})\] ([^:\n]*): (.*)$`;

/** The configuration of an ISO 639-3 code held by `language` (SQL), the simple one when none is known. */
function configOf(language: string): string {
  const cases = Object.entries(SEARCH_CONFIGS).map(([code, config]) => `WHEN '${code}' THEN '${config}'`);
  return `(CASE ${language} ${cases.join(' ')} ELSE '${SIMPLE_CONFIG}' END)`;
}

/*
 * One statement for any number of conversations (the processor passes one, a backfill or the benchmark thousands):
 * it replaces the passages of those among them that are `ready` and leaves the others alone. A conversation sent
 * back to processing by a new source keeps its passages until it is ready again, so it never drops out of a
 * `status=all` search in between; a deleted one loses them by cascade.
 *
 * Passages: the title (weight A), the digest (B), each summary line (C), each transcript turn with its speaker
 * and second, and each line of other content (D), cut into chunks of at most PASSAGE_MAX_WORDS words and PASSAGE_MAX_CHARS
 * characters. The title,
 * digest and summary are analysed in the language of the conversation's first source that has one; a source's
 * content in its own language, else the conversation's. Each tsvector also holds the passage's word pairs, for phrase
 * queries (cs_word_pairs, migration 1765000000000). The conversation's words (search_conversation_terms) follow its
 * passages by the triggers of migration 1765100000000, at the end of this statement.
 */
const INDEX_SQL = `
WITH target AS (
  SELECT c.id, c.workspace_id, c.title, c.digest, c.summary,
    (SELECT s.language FROM sources s WHERE s.conversation_id = c.id AND s.language IS NOT NULL ORDER BY s.position, s.id LIMIT 1) AS language
  FROM conversations c
  WHERE c.id = ANY($1::text[]) AND c.status = 'ready'
),
cleared AS (
  DELETE FROM search_passages sp USING target t WHERE sp.conversation_id = t.id
),
pieces AS (
  SELECT t.workspace_id, t.id AS conversation_id, NULL::text AS source_id, NULL::text AS source_type, 'title' AS field,
         NULL::text AS speaker, NULL::int AS start_seconds, 0 AS part, 0::bigint AS line, t.title AS text, ${configOf('t.language')} AS config, 'A' AS weight
  FROM target t WHERE t.title IS NOT NULL
  UNION ALL
  SELECT t.workspace_id, t.id, NULL, NULL, 'digest', NULL, NULL, 1, 0, t.digest, ${configOf('t.language')}, 'B'
  FROM target t WHERE t.digest IS NOT NULL
  UNION ALL
  SELECT t.workspace_id, t.id, NULL, NULL, 'summary', NULL, NULL, 2, l.n, l.line, ${configOf('t.language')}, 'C'
  FROM target t CROSS JOIN LATERAL regexp_split_to_table(t.summary, '\\n') WITH ORDINALITY AS l(line, n)
  WHERE t.summary IS NOT NULL
  UNION ALL
  SELECT t.workspace_id, t.id, s.id, s.type, 'content', tm.m[4],
         (tm.m[1]::int * 3600 + tm.m[2]::int * 60 + tm.m[3]::int), 3 + s.position, l.n, COALESCE(tm.m[5], l.line),
         ${configOf('COALESCE(s.language, t.language)')}, 'D'
  FROM target t
  JOIN sources s ON s.conversation_id = t.id
  CROSS JOIN LATERAL regexp_split_to_table(s.content, '\\n') WITH ORDINALITY AS l(line, n)
  LEFT JOIN LATERAL (SELECT regexp_match(l.line, $2) AS m WHERE s.type = 'transcript') tm ON true
  WHERE s.content IS NOT NULL
),
words AS (
  SELECT pc.*, array_remove(regexp_split_to_array(pc.text, '\\s+'), '') AS w FROM pieces pc
),
chunks AS (
  SELECT wd.workspace_id, wd.conversation_id, wd.source_id, wd.source_type, wd.field, wd.speaker, wd.start_seconds,
         wd.part, wd.line, ch.k, array_to_string(wd.w[ch.k * $3::int + 1 : (ch.k + 1) * $3::int], ' ') AS text, wd.config, wd.weight
  FROM words wd CROSS JOIN LATERAL generate_series(0, (cardinality(wd.w) - 1) / $3::int) AS ch(k)
  WHERE cardinality(wd.w) > 0
),
passages AS (
  SELECT ch.*, pc.piece, pc.body
  FROM chunks ch
  CROSS JOIN LATERAL (
    SELECT 0::bigint, ch.text WHERE char_length(ch.text) <= $4::int
    UNION ALL
    SELECT cut.piece, cut.text FROM cs_cut_passage(ch.text, $4::int) cut WHERE char_length(ch.text) > $4::int
  ) AS pc(piece, body)
),
inserted AS (
  INSERT INTO search_passages (workspace_id, conversation_id, source_id, source_type, field, speaker, start_seconds, position, body, config, tsv)
  SELECT workspace_id, conversation_id, source_id, source_type, field, speaker, start_seconds,
         (row_number() OVER (PARTITION BY conversation_id ORDER BY part, line, k, piece))::int, body, config,
         setweight(v.tsv, weight::"char") || cs_word_pairs(v.tsv)
  FROM passages CROSS JOIN LATERAL to_tsvector(config::regconfig, body) AS v(tsv)
  RETURNING 1
)
SELECT count(*)::int AS n FROM inserted`;

/**
 * (Re)indexes the given conversations inside the caller's transaction (or on a pool, for a backfill): the passages
 * of each `ready` one are replaced; conversations in any other state are left as they are. Returns the number of
 * passages written.
 */
export async function indexConversations(db: RowQueryable, conversationIds: readonly string[]): Promise<number> {
  if (conversationIds.length === 0) return 0;
  const rows = await db.query<{ n: number }>(INDEX_SQL, [
    conversationIds,
    TRANSCRIPT_LINE,
    PASSAGE_MAX_WORDS,
    PASSAGE_MAX_CHARS,
  ]);
  return rows[0]?.n ?? 0;
}

/** indexConversations for one conversation: what the processor and the write commands call in their transactions. */
export function indexConversation(db: RowQueryable, conversationId: string): Promise<number> {
  return indexConversations(db, [conversationId]);
}
