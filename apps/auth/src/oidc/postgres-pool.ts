import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * The pg pool TypeORM's DataSource runs on (its `master` pool: no replication is configured), so the token
 * endpoint can skip TypeORM's per-statement query runner and still share the app's one pool of connections.
 */
export function postgresPool(ds: DataSource): Pool {
  const pool = (ds.driver as PostgresDriver).master as Pool | undefined;
  if (!pool) throw new Error('the DataSource is not connected to Postgres');
  return pool;
}
