import type { RowQueryable } from '@cs/persistence';
import { RANKED_CONVERSATIONS, type RankedAnswer, TOP_K } from './relevance-metrics';

/**
 * The search as it was before issue 32 (libs/search's search.query.ts on main at the time), without its candidate
 * bounds and paging: a passage matches when it holds every word of the query, websearch_to_tsquery analysed with the
 * passage's own text-search configuration; matches are ranked by ts_rank (the index's field weights: title A down
 * to content D); a conversation by its best passage. Phrases match by position (the service also checks its stored
 * word pairs; the questions hold next to no quotes). Each configuration the workspace's passages use is one branch
 * of the statement, so its tsquery is a constant the GIN index can serve.
 */
export class StrictRetrieval {
  private constructor(
    private readonly db: RowQueryable,
    private readonly workspaceId: string,
    private readonly configs: readonly string[],
  ) {}

  static async load(db: RowQueryable, workspaceId: string): Promise<StrictRetrieval> {
    const rows = await db.query<{ config: string }>('SELECT DISTINCT config::text AS config FROM search_passages WHERE workspace_id = $1 ORDER BY 1', [workspaceId]);
    return new StrictRetrieval(db, workspaceId, rows.map((r) => r.config));
  }

  async search(text: string): Promise<RankedAnswer> {
    if (this.configs.length === 0) return { conversations: [] };
    const branches = this.configs.map(
      (_, i) =>
        `SELECT sp.conversation_id, sp.position, sp.start_seconds, ts_rank(sp.tsv, websearch_to_tsquery($${i + 3}::text::regconfig, $2)) AS rank
         FROM search_passages sp
         WHERE sp.workspace_id = $1 AND sp.config = $${i + 3}::text AND sp.tsv @@ websearch_to_tsquery($${i + 3}::text::regconfig, $2)`,
    );
    const rows = await this.db.query<{ conversation_id: string; starts: Array<number | null> }>(
      `WITH matched AS (${branches.join(' UNION ALL ')}),
       ranked AS (
         SELECT conversation_id, max(rank) AS best, (array_agg(start_seconds ORDER BY rank DESC, position))[1:${TOP_K}] AS starts
         FROM matched GROUP BY conversation_id
       )
       SELECT conversation_id, starts FROM ranked ORDER BY best DESC, conversation_id DESC LIMIT ${RANKED_CONVERSATIONS}`,
      [this.workspaceId, text, ...this.configs],
    );
    return { conversations: rows.map((r) => ({ id: r.conversation_id, matchStarts: r.starts })) };
  }
}
