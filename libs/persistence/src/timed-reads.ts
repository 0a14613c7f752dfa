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
 * Runs `work`'s statements on one pooled connection in a transaction with `settings` (SET LOCAL: they end with the
 * transaction, so the connection goes back to the pool with the app's own), read-only when asked. BEGIN and the SETs
 * go in one message.
 */
export function transactionWith<T>(
  pool: Pool,
  settings: Readonly<Record<string, string>>,
  work: (db: RowQueryable) => Promise<T>,
  access: 'read only' | 'read write',
): Promise<T> {
  const sets = Object.entries(settings).map(([name, value]) => `; SET LOCAL ${name} = ${value}`);
  return clientTransaction(pool, `BEGIN ${access.toUpperCase()}${sets.join('')}`, work);
}

/**
 * A read-only transactionWith, each statement stopped after `statementTimeoutMs`, with the planner `settings` given.
 * One round trip more than reading on the pool (COMMIT), for a limit far below the app's.
 */
export function timedReads<T>(
  pool: Pool,
  statementTimeoutMs: number,
  work: (db: RowQueryable) => Promise<T>,
  settings: Readonly<Record<string, string>> = {},
): Promise<T> {
  return transactionWith(pool, { statement_timeout: String(Math.max(1, Math.trunc(statementTimeoutMs))), ...settings }, work, 'read only');
}
