import type { Pool } from 'pg';
import { type RowQueryable, transactionWith } from '@cs/persistence';

export interface StatementPlan {
  /** What the statement is for: `auth` or the catalog's n-th statement of the route. */
  label: string;
  sql: string;
  plan: string;
  executionMs: number | null;
  /** Every table read by a (parallel) sequential scan in this plan. */
  seqScans: string[];
  /** Those of them the benchmark watches. */
  watchedSeqScans: string[];
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

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of a recorded statement with its parameters, under the planner `settings` its route
 * runs with, and the tables of `watched` it seq-scans. Read-write: ANALYZE runs the statement, and an API key's
 * last-use write can be among those recorded.
 */
export async function explainStatement(
  pool: Pool,
  statement: Recorded,
  label: string,
  watched: readonly string[],
  settings: Readonly<Record<string, string>> = {},
): Promise<StatementPlan> {
  const rows = await transactionWith(
    pool,
    settings,
    (db) => db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.parameters),
    'read write',
  );
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
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
