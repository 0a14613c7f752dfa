import { createDataSource, runMigrations } from '@cs/persistence';
import { Client, type Pool } from 'pg';

export type Log = (message: string) => void;

/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'bench' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The migrations of @cs/persistence, as `npm run cli -- migrate` runs them (the pool needs two connections). */
export async function migrate(url: string): Promise<void> {
  const dataSource = createDataSource({ url, poolSize: 2, applicationName: 'bench' });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Drops (connections forced out) and creates a benchmark's own database on the server of `serverUrl`; returns
 * its URL. A fresh database each run: rows a previous run left would only make the figures differ.
 */
export async function recreateDatabase(serverUrl: string, database: string): Promise<string> {
  await withClient(databaseUrl(serverUrl, 'postgres'), async (maintenance) => {
    await maintenance.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await maintenance.query(`CREATE DATABASE ${quoteIdent(database)}`);
  });
  return databaseUrl(serverUrl, database);
}

/** Where the marker row lives: written last, so its presence means the dataset is complete. */
const MARKER_TABLE = 'bench_dataset';

/** What the marker row of a generated dataset holds besides what the benchmark stored in it. */
export type Marked<M> = M & { generationSeconds: number; generatedAt: string };

async function readMarker<M>(url: string, name: string): Promise<Marked<M> | null> {
  return withClient(url, async (client) => {
    const exists = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [MARKER_TABLE]);
    if (exists.rows[0]?.present !== true) return null;
    const rows = await client.query<{ value: Marked<M> }>(`SELECT value FROM ${MARKER_TABLE} WHERE name = $1`, [name]);
    return rows.rows[0]?.value ?? null;
  });
}

/** Field by field: a shape stored in the marker comes back from jsonb, which does not keep key order. */
export function sameShape<S extends object>(a: S, b: S): boolean {
  return Object.keys(a).length === Object.keys(b).length && (Object.keys(a) as (keyof S)[]).every((key) => a[key] === b[key]);
}

/**
 * A benchmark's generated database: reused when its marker row says it is complete and `fits` it (re-runs skip the
 * generation), otherwise dropped, created, migrated and filled by `generate` afresh, and marked last.
 */
export async function ensureGeneratedDatabase<M>(options: {
  serverUrl: string;
  database: string;
  /** The marker row's name: the benchmark's. */
  marker: string;
  /** What the database holds, for the log: "dataset", "corpus". */
  what: string;
  regenerate: boolean;
  fits: (marker: Marked<M>) => boolean;
  generate: (url: string) => Promise<M>;
  log: Log;
}): Promise<{ url: string; marker: Marked<M>; generatedNow: boolean }> {
  const { serverUrl, database, what, log } = options;
  const url = databaseUrl(serverUrl, database);
  const exists = await withClient(databaseUrl(serverUrl, 'postgres'), async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 1);
  if (exists && !options.regenerate) {
    const marker = await readMarker<M>(url, options.marker);
    if (marker && options.fits(marker)) {
      // Migrations added since the dataset was made still apply (they must keep existing rows valid anyway).
      await migrate(url);
      log(`reusing the ${what} in ${database} (generated ${marker.generatedAt} in ${marker.generationSeconds.toFixed(1)} s; --regenerate to make it again)`);
      return { url, marker, generatedNow: false };
    }
    log(`${database} holds no complete ${what} of this shape: regenerating it`);
  }
  await recreateDatabase(serverUrl, database);
  await migrate(url);
  const started = Date.now();
  const generated = await options.generate(url);
  const marker: Marked<M> = { ...generated, generationSeconds: (Date.now() - started) / 1000, generatedAt: new Date().toISOString() };
  await withClient(url, async (client) => {
    await client.query(`CREATE TABLE ${MARKER_TABLE} (name text PRIMARY KEY, value jsonb NOT NULL)`);
    await client.query(`INSERT INTO ${MARKER_TABLE} (name, value) VALUES ($1, $2)`, [options.marker, JSON.stringify(marker)]);
  });
  log(`${what} generated in ${marker.generationSeconds.toFixed(1)} s`);
  return { url, marker, generatedNow: true };
}

/** What a results file says about a generated database: which, when and how long it took, its shape and row counts. */
export function generatedDatabaseFacts(prepared: { database: string; generatedNow: boolean; generationSeconds: number; generatedAt: string; info: { shape: object; counts: object } }) {
  return {
    database: prepared.database,
    generated_now: prepared.generatedNow,
    generation_seconds: prepared.generationSeconds,
    generated_at: prepared.generatedAt,
    shape: prepared.info.shape,
    counts: prepared.info.counts,
  };
}

/** The server's `SELECT version()`. */
export async function postgresVersion(pool: Pool): Promise<string | null> {
  return (await pool.query<{ version: string }>('SELECT version()')).rows[0]?.version ?? null;
}

/** Logs each step of a generation with the seconds since the previous one; returns those seconds. */
export function phaseTimer(log: Log): (what: string) => number {
  let last = Date.now();
  return (what) => {
    const now = Date.now();
    const seconds = (now - last) / 1000;
    log(`  ${what} (${seconds.toFixed(1)} s)`);
    last = now;
    return seconds;
  };
}

/** A generated-dataset benchmark's database, and another for its smoke test, so that neither run drops the other's. */
export const benchDatabase = (bench: string, quick: boolean): string => `cs_bench_${bench.replace(/-/g, '_')}${quick ? '_quick' : ''}`;
