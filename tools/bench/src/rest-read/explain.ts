import { parse as parseQuery } from 'node:querystring';
import { Catalog, LIST_CONVERSATIONS_PARAMS } from '@cs/catalog';
import { CursorCodec, NO_PARAMS, type RawQuery } from '@cs/paging';
import { ApiKeyResolver } from '@cs/token-verification';
import type { Pool } from 'pg';
import { poolQueryable, type RowQueryable } from '@cs/persistence';
import type { BenchRoute, RouteKey } from './routes';

/** The big tables, which must never be read by a sequential scan on a request path at this size (the issue). */
export const WATCHED_TABLES = ['conversations', 'sources', 'conversation_tags', 'folders'] as const;

export interface StatementPlan {
  /** What the statement is for: `auth` or the catalog's n-th statement of the route. */
  label: string;
  sql: string;
  plan: string;
  executionMs: number | null;
  /** Every table read by a (parallel) sequential scan in this plan. */
  seqScans: string[];
  /** Those of them that are WATCHED_TABLES. */
  watchedSeqScans: string[];
}

export interface RoutePlans {
  route: RouteKey;
  statements: StatementPlan[];
}

/** A statement a catalog or search ran, with its parameters. */
export interface Recorded {
  sql: string;
  parameters: unknown[];
}

/** `db`, adding every statement run through it to `into`. */
export function recording(db: RowQueryable, into: Recorded[]): RowQueryable {
  return {
    query<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
      into.push({ sql, parameters });
      return db.query<T>(sql, parameters);
    },
  };
}

/** Tables under a `Seq Scan` node of a text plan (`Seq Scan on conversations c`, `Parallel Seq Scan on …`). */
export function seqScannedTables(plan: string): string[] {
  return [...new Set([...plan.matchAll(/Seq Scan on ([a-z_][a-z0-9_]*)/g)].map((m) => m[1] as string))];
}

const oneLine = (sql: string): string => sql.replace(/\s+/g, ' ').trim();

/** `EXPLAIN (ANALYZE, BUFFERS)` of a recorded statement with its parameters, and the tables of `watched` it seq-scans. */
export async function explainStatement(pool: Pool, statement: Recorded, label: string, watched: readonly string[]): Promise<StatementPlan> {
  const result = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.parameters);
  const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
  const execution = /Execution Time: ([0-9.]+) ms/.exec(plan);
  const seqScans = seqScannedTables(plan);
  return {
    label,
    sql: oneLine(statement.sql),
    plan,
    executionMs: execution ? Number(execution[1]) : null,
    seqScans,
    watchedSeqScans: seqScans.filter((table) => watched.includes(table)),
  };
}

/**
 * Runs each route once through the same ApiKeyResolver and Catalog the servers use, records every SQL
 * statement issued, and runs `EXPLAIN (ANALYZE, BUFFERS)` on each with its parameters.
 */
export async function explainRoutes(pool: Pool, routes: readonly BenchRoute[], apiKey: string, cursorSecret: string): Promise<RoutePlans[]> {
  const base = poolQueryable(pool);
  const out: RoutePlans[] = [];
  for (const route of routes) {
    const recorded: Recorded[] = [];
    const db = recording(base, recorded);
    const principal = await new ApiKeyResolver(db).resolve(apiKey);
    const authCount = recorded.length;
    const catalog = new Catalog(db, new CursorCodec(cursorSecret));
    const [path, search = ''] = route.path.split('?') as [string, string?];
    const query = parseQuery(search) as RawQuery;
    if (path === '/api/v1/conversations') await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString(query));
    else {
      NO_PARAMS.fromQueryString(query);
      await catalog.getConversation(principal, decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)));
    }

    const statements: StatementPlan[] = [];
    for (const [i, statement] of recorded.entries()) {
      statements.push(await explainStatement(pool, statement, i < authCount ? 'auth (api key)' : `catalog #${i - authCount + 1}`, WATCHED_TABLES));
    }
    out.push({ route: route.key, statements });
  }
  return out;
}
