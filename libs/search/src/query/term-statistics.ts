import type { RowQueryable } from '@cs/persistence';
import type { CollectionStatistics } from './ranking';

/**
 * The workspace's collection statistics for `lexemes` (migration 1766000000000), in one round trip: how many
 * passages the workspace has, their average length, and how many hold each lexeme (0 for one it never had). Only the
 * caller's workspace is counted, so no score depends on another tenant's content.
 */
export async function readStatistics(db: RowQueryable, workspaceId: string, lexemes: readonly string[]): Promise<CollectionStatistics> {
  const rows = await db.query<{ passages: string; length: string; frequencies: string[] }>(
    `SELECT coalesce(w.passages, 0)::text AS passages, coalesce(w.length, 0)::text AS length,
            ARRAY(SELECT coalesce(s.passages, 0)::text
                  FROM unnest($2::text[]) WITH ORDINALITY AS u(lexeme, n)
                  LEFT JOIN search_term_stats s ON s.workspace_id = $1 AND s.lexeme = u.lexeme
                  ORDER BY u.n) AS frequencies
     FROM (SELECT 1) one LEFT JOIN search_workspace_stats w ON w.workspace_id = $1`,
    [workspaceId, lexemes],
  );
  const row = rows[0]!;
  const passages = Number(row.passages);
  return {
    passages,
    averageLength: passages > 0 ? Number(row.length) / passages : 0,
    documentFrequencies: row.frequencies.map(Number),
  };
}
