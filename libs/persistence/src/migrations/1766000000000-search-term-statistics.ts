import type { MigrationInterface, QueryRunner } from 'typeorm';
import { MIGRATION_LOCK_TIMEOUT } from './online/online-index';

/**
 * Collection statistics for ranked search (issue 32, docs/search.md "Ranking"), kept per workspace so that a score
 * never depends on, and so never reveals, what another tenant stores:
 * - search_term_stats: for each word (lexeme) of a workspace's passages, how many passages hold it;
 * - search_workspace_stats: how many passages the workspace has, and their summed length (lexemes of the tsvector,
 *   word pairs included; a passage's length is measured the same way when it is ranked).
 * Word pairs (lexemes with a space, migration 1765000000000) are left out of the counts: they are matched, never
 * ranked. Statement triggers on search_passages keep both tables in step inside the indexing transaction; the rows
 * of one statement are applied in (workspace, lexeme) order, so two concurrent indexers of a workspace wait for each
 * other on the words they share and never deadlock. A count that falls to zero is kept (a word often comes back).
 */
/**
 * Adds sign × the counts of the passages in changed_passages to the statistics. Written into each trigger function:
 * a transition table is visible to the trigger's own function only, not to one it calls.
 */
const applyStatistics = (sign: 1 | -1) => `
  INSERT INTO search_term_stats AS s (workspace_id, lexeme, passages)
  SELECT cp.workspace_id, l.lexeme, ${sign} * count(*)
  FROM changed_passages cp CROSS JOIN LATERAL unnest(tsvector_to_array(cp.tsv)) AS l(lexeme)
  WHERE strpos(l.lexeme, ' ') = 0
  GROUP BY cp.workspace_id, l.lexeme
  ORDER BY cp.workspace_id, l.lexeme
  ON CONFLICT (workspace_id, lexeme) DO UPDATE SET passages = s.passages + excluded.passages;
  INSERT INTO search_workspace_stats AS s (workspace_id, passages, length)
  SELECT cp.workspace_id, ${sign} * count(*), ${sign} * sum(length(cp.tsv))
  FROM changed_passages cp
  GROUP BY cp.workspace_id
  ORDER BY cp.workspace_id
  ON CONFLICT (workspace_id) DO UPDATE SET passages = s.passages + excluded.passages, length = s.length + excluded.length;`;

export class SearchTermStatistics1766000000000 implements MigrationInterface {
  name = 'SearchTermStatistics1766000000000';

  async up(q: QueryRunner): Promise<void> {
    // The triggers take a lock on search_passages that blocks its writes (indexing; reads go on) until the backfill
    // below commits: about 4.4 s per million passages (docs/operations.md). Waiting for that lock behind a long
    // transaction would queue every indexer behind the migration, so it gives up after the migrations' lock timeout.
    await q.query(`SET LOCAL lock_timeout = '${MIGRATION_LOCK_TIMEOUT}'`);
    await q.query(`
      CREATE TABLE search_term_stats (
        workspace_id text NOT NULL,
        lexeme text NOT NULL,
        passages bigint NOT NULL,
        PRIMARY KEY (workspace_id, lexeme)
      );
      CREATE TABLE search_workspace_stats (
        workspace_id text PRIMARY KEY,
        passages bigint NOT NULL,
        length bigint NOT NULL
      );

      CREATE FUNCTION cs_search_statistics_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${applyStatistics(1)}
        RETURN NULL;
      END $$;
      CREATE FUNCTION cs_search_statistics_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${applyStatistics(-1)}
        RETURN NULL;
      END $$;

      CREATE TRIGGER search_statistics_on_insert AFTER INSERT ON search_passages
        REFERENCING NEW TABLE AS changed_passages FOR EACH STATEMENT EXECUTE FUNCTION cs_search_statistics_after_insert();
      CREATE TRIGGER search_statistics_on_delete AFTER DELETE ON search_passages
        REFERENCING OLD TABLE AS changed_passages FOR EACH STATEMENT EXECUTE FUNCTION cs_search_statistics_after_delete();

      INSERT INTO search_term_stats (workspace_id, lexeme, passages)
      SELECT sp.workspace_id, l.lexeme, count(*)
      FROM search_passages sp CROSS JOIN LATERAL unnest(tsvector_to_array(sp.tsv)) AS l(lexeme)
      WHERE strpos(l.lexeme, ' ') = 0
      GROUP BY sp.workspace_id, l.lexeme;
      INSERT INTO search_workspace_stats (workspace_id, passages, length)
      SELECT sp.workspace_id, count(*), sum(length(sp.tsv)) FROM search_passages sp GROUP BY sp.workspace_id;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER search_statistics_on_insert ON search_passages;
      DROP TRIGGER search_statistics_on_delete ON search_passages;
      DROP FUNCTION cs_search_statistics_after_insert();
      DROP FUNCTION cs_search_statistics_after_delete();
      DROP TABLE search_workspace_stats;
      DROP TABLE search_term_stats;
    `);
  }
}
