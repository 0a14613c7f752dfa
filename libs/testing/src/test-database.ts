import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource, QueryRunner } from 'typeorm';
import { createDataSource, MIGRATIONS, runMigrations } from '@cs/persistence';
import { ready } from './hook-value';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/conversations';

function serverUrl(database: string): string {
  const url = new URL(process.env['DATABASE_URL'] ?? DEFAULT_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withMaintenanceClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * One migrated template per schema version: cloning it is much faster than migrating every test database.
 * The version is the migrations' source text, so editing a migration (before it lands) also makes a new one.
 */
async function ensureTemplate(client: Client): Promise<string> {
  const version = createHash('sha256')
    .update(MIGRATIONS.map((m) => m.toString()).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const template = `cs_template_${version}`;
  await client.query('SELECT pg_advisory_lock(7261002)');
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      // Built under another name and renamed once migrated, so a crash never leaves a half-made template behind.
      const building = `${template}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      // Two connections: runMigrations holds its advisory lock on one and migrates on the other.
      const ds = createDataSource({ url: serverUrl(building), poolSize: 2 });
      await ds.initialize();
      try {
        await runMigrations(ds);
      } finally {
        await ds.destroy();
      }
      await client.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(7261002)');
  }
  return template;
}

export interface TestDatabase {
  name: string;
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

const DISCONNECT_WAIT_MS = 2_000;

/**
 * Waits (at most DISCONNECT_WAIT_MS) until no session is connected to the database. pg's Pool.end() resolves while
 * its clients are still saying goodbye; dropping WITH (FORCE) at that moment terminated them half-closed, and their
 * pool reported the termination as an unhandled error that failed whichever test was last (the search corpus
 * int-spec, now and then). Measured: a pool of two ended and its database dropped at once, 30 times, gave 21 such
 * errors; with this wait, none. A connection a test really left open is still dropped, after the wait.
 */
async function untilDisconnected(client: Client, database: string): Promise<void> {
  for (const deadline = Date.now() + DISCONNECT_WAIT_MS; Date.now() < deadline; ) {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [database]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh, migrated database of its own for one test file, on the server of DATABASE_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `cs_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withMaintenanceClient(async (client) => {
    const template = await ensureTemplate(client);
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
  const url = serverUrl(name);
  const dataSource = createDataSource({ url, poolSize: 4 });
  await dataSource.initialize();
  return {
    name,
    url,
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await withMaintenanceClient(async (client) => {
        await untilDisconnected(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/**
 * Per test file: a migrated database of its own and a connected QueryRunner on it (what a migration's `up` and
 * `down` take), made in beforeAll and released and dropped in afterAll; read `q` and `db` inside the tests.
 */
export function useQueryRunner(): { readonly db: TestDatabase; readonly q: QueryRunner } {
  let db: TestDatabase | undefined;
  let q: QueryRunner | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    q = db.dataSource.createQueryRunner();
    await q.connect();
  });
  afterAll(async () => {
    await q?.release();
    await db?.drop();
  });
  return {
    get db() {
      return ready(db, 'The database');
    },
    get q() {
      return ready(q, 'The query runner');
    },
  };
}
