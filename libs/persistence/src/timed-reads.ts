import type { Pool } from 'pg';
import { clientTransaction, type RowQueryable } from './pool-queryable';

/** SQLSTATE query_canceled: what a statement stopped by statement_timeout (or pg_cancel_backend) fails with. */
const QUERY_CANCELED = '57014';

/** Whether a query failed because it was cancelled, which under timedReads means it ran past its timeout. */
export function isQueryCanceled(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const inner = (error as { driverError?: unknown }).driverError;
  return (error as { code?: unknown }).code === QUERY_CANCELED || (inner !== undefined && inner !== error && isQueryCanceled(inner));
}

/**
 * Runs `work`'s statements on one pooled connection, in a read-only transaction whose statements each stop after
 * `statementTimeoutMs`, with the planner `settings` given (SET LOCAL: the settings end with the transaction, so the
 * connection goes back to the pool with the app's own). One round trip more than reading on the pool (BEGIN and
 * SET go in one message, COMMIT is the other), for a limit far below the app's.
 */
export function timedReads<T>(
  pool: Pool,
  statementTimeoutMs: number,
  work: (db: RowQueryable) => Promise<T>,
  settings: Readonly<Record<string, string>> = {},
): Promise<T> {
  const sets = [`statement_timeout = ${Math.max(1, Math.trunc(statementTimeoutMs))}`, ...Object.entries(settings).map(([name, value]) => `${name} = ${value}`)];
  return clientTransaction(pool, `BEGIN READ ONLY; ${sets.map((set) => `SET LOCAL ${set}`).join('; ')}`, work);
}
