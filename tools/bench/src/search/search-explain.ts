import { parse as parseQuery } from 'node:querystring';
import { Catalog, LIST_CONVERSATIONS_PARAMS } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { CursorCodec, type RawQuery } from '@cs/paging';
import { poolQueryable } from '@cs/persistence';
import { Search, SEARCH_PARAMS } from '@cs/search';
import type { Pool } from 'pg';
import { explainStatement, type Recorded, recording, type StatementPlan } from '../rest-read/explain';
import { type BenchQuery, listPath, type QueryClass, searchPath } from './queries';

/** The big tables of search, which no plan at benchmark scale may read by a sequential scan (the "How"). */
export const SEARCH_WATCHED_TABLES = ['search_passages', 'sources', 'conversations', 'conversation_tags'] as const;

/** Labelled `search #n` or `list #n`: the n-th statement the route ran (auth is not included: rest-read shows it). */
export type ExplainedStatement = StatementPlan;

export interface ClassPlans {
  class: QueryClass;
  query: BenchQuery;
  search: ExplainedStatement[];
  list: ExplainedStatement[];
}

const queryOf = (path: string): RawQuery => parseQuery(path.slice(path.indexOf('?') + 1)) as RawQuery;

async function explainAll(pool: Pool, label: string, recorded: readonly Recorded[]): Promise<ExplainedStatement[]> {
  const out: ExplainedStatement[] = [];
  for (const [i, statement] of recorded.entries()) out.push(await explainStatement(pool, statement, `${label} #${i + 1}`, SEARCH_WATCHED_TABLES));
  return out;
}

/**
 * For one query of each class: runs `/search` and `q` on the list once through the very Search and Catalog the
 * servers use, records every statement they issue, and runs EXPLAIN (ANALYZE, BUFFERS) on each with its parameters.
 */
export async function explainClasses(pool: Pool, principal: Principal, queries: readonly BenchQuery[], cursorSecret: string): Promise<ClassPlans[]> {
  const base = poolQueryable(pool);
  const cursors = new CursorCodec(cursorSecret);
  const out: ClassPlans[] = [];
  const firsts = new Map<QueryClass, BenchQuery>();
  for (const query of queries) if (!firsts.has(query.class)) firsts.set(query.class, query);
  for (const [queryClass, query] of firsts) {
    const searchRecorded: Recorded[] = [];
    await new Search(recording(base, searchRecorded), cursors).search(principal, SEARCH_PARAMS.fromQueryString(queryOf(searchPath(query))));
    const listRecorded: Recorded[] = [];
    await new Catalog(recording(base, listRecorded), cursors).listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString(queryOf(listPath(query))));
    out.push({
      class: queryClass,
      query,
      search: await explainAll(pool, 'search', searchRecorded),
      list: await explainAll(pool, 'list', listRecorded),
    });
  }
  return out;
}

/** Every watched table read by a sequential scan, by class and statement. */
export function watchedSeqScans(plans: readonly ClassPlans[]): Array<{ class: QueryClass; statement: string; tables: string[] }> {
  return plans.flatMap((p) =>
    [...p.search, ...p.list].filter((s) => s.watchedSeqScans.length > 0).map((s) => ({ class: p.class, statement: s.label, tables: s.watchedSeqScans })),
  );
}
