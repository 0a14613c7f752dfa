import { randomBytes } from 'node:crypto';
import { parse as parseQuery } from 'node:querystring';
import { Catalog, FULL_TEXT_READ_SETTINGS, LIST_CONVERSATIONS_PARAMS, SearchBudget } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { CursorCodec, type RawQuery } from '@cs/paging';
import { poolQueryable } from '@cs/persistence';
import { Search, SEARCH_PARAMS } from '@cs/search';
import type { Pool } from 'pg';
import { explainStatement, type Recorded, recording, type StatementPlan } from '../kit/explain';
import { type BenchQuery, listPath, type QueryClass, searchPath } from './queries';

/** The big tables of search, which no plan at benchmark scale may read by a sequential scan (the "How"). */
export const SEARCH_WATCHED_TABLES = ['search_passages', 'sources', 'conversations', 'conversation_tags'] as const;

/** Labelled `search #n` or `list #n`: the n-th statement the route ran (auth is not included: rest-read shows it). */
export type ExplainedStatement = StatementPlan;

export interface QueryPlans {
  class: QueryClass;
  query: BenchQuery;
  search: ExplainedStatement[];
  list: ExplainedStatement[];
}

const queryOf = (path: string): RawQuery => parseQuery(path.slice(path.indexOf('?') + 1)) as RawQuery;

async function explainAll(pool: Pool, label: string, recorded: readonly Recorded[]): Promise<ExplainedStatement[]> {
  const out: ExplainedStatement[] = [];
  for (const [i, statement] of recorded.entries()) out.push(await explainStatement(pool, statement, `${label} #${i + 1}`, SEARCH_WATCHED_TABLES, FULL_TEXT_READ_SETTINGS));
  return out;
}

/**
 * For every query: runs `/search` and `q` on the list once through the very Search and Catalog the servers use,
 * records every statement they issue, and runs EXPLAIN (ANALYZE, BUFFERS) on each with its parameters. Every
 * query, not one per class: a plan can turn on the words' frequency or a filter's selectivity, so a sequential
 * scan may show for one query of a class and not for the next.
 */
export async function explainQueries(pool: Pool, principal: Principal, queries: readonly BenchQuery[]): Promise<QueryPlans[]> {
  const base = poolQueryable(pool);
  // First pages only: no cursor is read back, so a secret of the moment does.
  const cursors = new CursorCodec(randomBytes(24).toString('hex'));
  const out: QueryPlans[] = [];
  for (const query of queries) {
    const searchRecorded: Recorded[] = [];
    await new Search(SearchBudget.unlimited(recording(base, searchRecorded)), cursors).search(principal, SEARCH_PARAMS.fromQueryString(queryOf(searchPath(query))));
    const listRecorded: Recorded[] = [];
    await new Catalog(recording(base, listRecorded), cursors).listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString(queryOf(listPath(query))));
    out.push({
      class: query.class,
      query,
      search: await explainAll(pool, 'search', searchRecorded),
      list: await explainAll(pool, 'list', listRecorded),
    });
  }
  return out;
}

/** The first query of each class: the plans printed in full. */
export function firstOfEachClass(plans: readonly QueryPlans[]): QueryPlans[] {
  const seen = new Set<QueryClass>();
  return plans.filter((p) => !seen.has(p.class) && seen.add(p.class));
}

/** A query's statements of one route, executed one after another: the time EXPLAIN ANALYZE measured for them all. */
export const executionMs = (statements: readonly ExplainedStatement[]): number => statements.reduce((sum, s) => sum + (s.executionMs ?? 0), 0);

/** Every watched table read by a sequential scan, by query and statement. */
export function watchedSeqScans(plans: readonly QueryPlans[]): Array<{ class: QueryClass; q: string; statement: string; tables: string[] }> {
  return plans.flatMap((p) =>
    [...p.search, ...p.list]
      .filter((s) => s.watchedSeqScans.length > 0)
      .map((s) => ({ class: p.class, q: p.query.q, statement: s.label, tables: s.watchedSeqScans })),
  );
}
