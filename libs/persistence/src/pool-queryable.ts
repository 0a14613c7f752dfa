import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** Parameterized SQL in, rows out: what the read model, the webhook queries and the API-key lookup need. */
export interface RowQueryable {
  query<T = Record<string, unknown>>(sql: string, parameters?: unknown[]): Promise<T[]>;
}

/** Reads straight on a pg Pool: one pooled client per statement, as `Pool.query` takes and releases it. */
export function poolQueryable(pool: Pool): RowQueryable {
  return {
    async query<T>(sql: string, parameters?: unknown[]): Promise<T[]> {
      const result = await pool.query(sql, parameters);
      return result.rows as T[];
    },
  };
}

/**
 * The pg Pool TypeORM's DataSource runs on (its `master` pool: no replication is configured): the same
 * connections, size and statement_timeout as the app's other statements.
 */
export function postgresPool(dataSource: DataSource): Pool {
  const pool = (dataSource.driver as PostgresDriver).master as Pool | undefined;
  if (!pool) throw new Error('the DataSource is not initialized: it has no pool yet');
  return pool;
}

/**
 * Plain reads on the DataSource's own pool, for the hot read paths: a statement through `DataSource.query` also
 * builds a QueryRunner and an EntityManager and broadcasts to subscribers, about 3% of the api's CPU per request on
 * the read routes (`npm run bench -- rest-read`, tools/bench/README.md), and plain SELECTs need none of it. Writes
 * keep TypeORM (transactions, QueryFailedError).
 */
export function readQueryable(dataSource: DataSource): RowQueryable {
  return poolQueryable(postgresPool(dataSource));
}

/** Transactions straight on a pg Pool, for a short hot loop (the feed sequencer): TypeORM's per-transaction work is most of such a loop's CPU. */
export interface PoolTransactions extends RowQueryable {
  transaction<T>(work: (tx: RowQueryable) => Promise<T>): Promise<T>;
}

export function poolTransactions(pool: Pool): PoolTransactions {
  return { ...poolQueryable(pool), transaction: (work) => clientTransaction(pool, 'BEGIN', work) };
}

/**
 * `work` on one pooled client inside a transaction that `begin` opens (BEGIN, or BEGIN with settings in the same
 * message): committed when it resolves, rolled back when it throws. A client that cannot even roll back is closed
 * rather than handed to the next caller.
 */
export async function clientTransaction<T>(pool: Pool, begin: string, work: (tx: RowQueryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const tx: RowQueryable = { query: async <R>(sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows as R[] };
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(tx);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
