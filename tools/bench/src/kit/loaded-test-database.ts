import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { Pool } from 'pg';

/** Every index and constraint of the public schema, with its definition and whether it is validated. */
const SCHEMA_OBJECTS = `
  SELECT 'index' AS kind, indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL
  SELECT 'constraint', conname, pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END
  FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  ORDER BY 1, 2`;

export interface LoadedTestDatabase<T> {
  db: TestDatabase;
  pool: Pool;
  /** What the load returned. */
  loaded: T;
  /** The schema's indexes and constraints before the load: a bulk load must leave them exactly as the migrations made them. */
  schemaBefore: unknown[];
  schemaNow(): Promise<unknown[]>;
  close(): Promise<void>;
}

/** For integration specs: a migrated test database filled by a bench's bulk `load`, and a pool on it. */
export async function loadTestDatabase<T>(load: (url: string) => Promise<T>): Promise<LoadedTestDatabase<T>> {
  const db = await createTestDatabase();
  const pool = new Pool({ connectionString: db.url, max: 2 });
  const schemaNow = async () => (await pool.query(SCHEMA_OBJECTS)).rows;
  const schemaBefore = await schemaNow();
  const loaded = await load(db.url);
  return {
    db,
    pool,
    loaded,
    schemaBefore,
    schemaNow,
    async close() {
      await pool.end();
      await db.drop();
    },
  };
}
