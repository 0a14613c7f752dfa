import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createDataSource, runMigrations } from '@cs/persistence';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BIG_TABLES,
  type BigTable,
  DATASET_VERSION,
  type DatasetInfo,
  type DatasetShape,
  generateBigTables,
  generateSmallTables,
  seededRandom,
  SMALL_TABLES,
  TABLE_COLUMNS,
  type Table,
} from './dataset-generator';

export type Log = (message: string) => void;

/** Where the marker row lives: written last, so its presence means the dataset is complete. */
const MARKER_TABLE = 'bench_dataset';

/** The URL of another database on the server of `url`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'bench' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface PreparedDataset {
  database: string;
  url: string;
  info: DatasetInfo;
  /** Seconds the generation took, when this run generated it. */
  generatedNow: boolean;
  generationSeconds: number;
  generatedAt: string;
}

interface Marker {
  info: DatasetInfo;
  generationSeconds: number;
  generatedAt: string;
}

async function readMarker(url: string): Promise<Marker | null> {
  return withClient(url, async (client) => {
    const exists = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [MARKER_TABLE]);
    if (exists.rows[0]?.present !== true) return null;
    const rows = await client.query<{ value: Marker }>(`SELECT value FROM ${MARKER_TABLE} WHERE name = 'rest-read'`);
    return rows.rows[0]?.value ?? null;
  });
}

/** Field by field: the stored shape comes back from jsonb, which does not keep key order. */
export const sameShape = (a: DatasetShape, b: DatasetShape): boolean =>
  Object.keys(a).length === Object.keys(b).length &&
  (Object.keys(a) as (keyof DatasetShape)[]).every((key) => a[key] === b[key]);

/**
 * The benchmark's database: reused when it already holds a complete dataset of this shape and version
 * (re-runs skip the generation), otherwise dropped, created, migrated and generated afresh.
 */
export async function ensureDataset(options: {
  serverUrl: string;
  database: string;
  shape: DatasetShape;
  regenerate: boolean;
  log: Log;
}): Promise<PreparedDataset> {
  const { serverUrl, database, shape, log } = options;
  const url = databaseUrl(serverUrl, database);
  const maintenance = databaseUrl(serverUrl, 'postgres');
  const exists = await withClient(maintenance, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 1);

  if (exists && !options.regenerate) {
    const marker = await readMarker(url);
    if (marker && marker.info.version === DATASET_VERSION && sameShape(marker.info.shape, shape)) {
      // Migrations added since the dataset was made still apply (they must keep existing rows valid anyway).
      await migrate(url);
      log(`reusing the dataset in ${database} (generated ${marker.generatedAt} in ${marker.generationSeconds.toFixed(1)} s; --regenerate to make it again)`);
      return { database, url, info: marker.info, generatedNow: false, generationSeconds: marker.generationSeconds, generatedAt: marker.generatedAt };
    }
    log(`${database} holds no complete dataset of this shape: regenerating it`);
  }

  await withClient(maintenance, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${quoteIdent(database)}`);
  });
  await migrate(url);
  const started = Date.now();
  const info = await loadDataset(url, shape, log);
  const generationSeconds = (Date.now() - started) / 1000;
  const generatedAt = new Date().toISOString();
  await withClient(url, async (client) => {
    await client.query(`CREATE TABLE ${MARKER_TABLE} (name text PRIMARY KEY, value jsonb NOT NULL)`);
    const marker: Marker = { info, generationSeconds, generatedAt };
    await client.query(`INSERT INTO ${MARKER_TABLE} (name, value) VALUES ('rest-read', $1)`, [JSON.stringify(marker)]);
  });
  log(`dataset generated in ${generationSeconds.toFixed(1)} s`);
  return { database, url, info, generatedNow: true, generationSeconds, generatedAt };
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

const copySql = (table: string, columns: readonly string[], freeze: boolean): string =>
  `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT text${freeze ? ', FREEZE true' : ''})`;

/** COPYs ready-made text-format lines into `table` (its columns as TABLE_COLUMNS lists them unless given). */
export async function copyLines(client: Client, table: string, lines: readonly string[], columns: readonly string[] = TABLE_COLUMNS[table as Table]): Promise<void> {
  const stream = client.query(copyFrom(copySql(table, columns, false)));
  stream.end(lines.join(''));
  await finished(stream);
}

export interface DeferredDefinition {
  table: string;
  name: string;
  definition: string;
}

/**
 * The secondary indexes of `tables` (rest-read's big tables unless given; not those behind a primary key or unique
 * constraint) and every foreign key from or to them, exactly as the migrations made them, so they can be dropped before the
 * load and recreated after it.
 */
export async function deferredDefinitions(
  client: Client,
  tables: readonly string[] = BIG_TABLES,
): Promise<{ indexes: DeferredDefinition[]; foreignKeys: DeferredDefinition[] }> {
  const indexes = await client.query<DeferredDefinition>(
    `SELECT i.tablename AS table, i.indexname AS name, i.indexdef AS definition
     FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
       AND NOT EXISTS (
         SELECT 1 FROM pg_constraint c
         WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass AND c.contype IN ('p', 'u', 'x'))
     ORDER BY i.tablename, i.indexname`,
    [[...tables]],
  );
  const foreignKeys = await client.query<DeferredDefinition>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c
     WHERE c.contype = 'f'
       AND (c.conrelid::regclass::text = ANY($1) OR c.confrelid::regclass::text = ANY($1))
     ORDER BY c.conrelid::regclass::text, c.conname`,
    [[...tables]],
  );
  return { indexes: indexes.rows, foreignKeys: foreignKeys.rows };
}

/** A COPY stream that takes lines in ~1 MB chunks and reports back-pressure as a promise. */
export class CopyLoader {
  private buffer = '';
  private failure: Error | null = null;
  private constructor(
    readonly table: string,
    private readonly client: Client,
    private readonly stream: NodeJS.WritableStream,
  ) {
    stream.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  /** Truncates and copies in one transaction, so COPY FREEZE writes the rows already frozen (no vacuum debt). */
  static async open(url: string, table: string, columns: readonly string[] = TABLE_COLUMNS[table as Table]): Promise<CopyLoader> {
    const client = new Client({ connectionString: url, application_name: `bench-copy-${table}` });
    await client.connect();
    await client.query('SET synchronous_commit = off');
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${table}`);
    return new CopyLoader(table, client, client.query(copyFrom(copySql(table, columns, true))));
  }

  write(line: string): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    this.buffer += line;
    if (this.buffer.length < 1 << 20) return undefined;
    const chunk = this.buffer;
    this.buffer = '';
    if (this.stream.write(chunk)) return undefined;
    return once(this.stream, 'drain').then(() => undefined);
  }

  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    this.stream.end(this.buffer);
    this.buffer = '';
    await finished(this.stream);
    await this.client.query('COMMIT');
    await this.client.end();
  }

  async abort(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}

/**
 * Fills an empty, migrated database: the small tables by COPY with every constraint in place; then the
 * big ones (conversations, sources, conversation_tags) generated in one pass and streamed by three COPYs
 * at once, with their secondary indexes and foreign keys dropped; then the indexes are rebuilt and the
 * foreign keys added back (which validates every row against them), and the tables are analyzed.
 */
export async function loadDataset(url: string, shape: DatasetShape, log: Log): Promise<DatasetInfo> {
  const rng = seededRandom(20_251_122);
  const phase = (() => {
    let last = Date.now();
    return (what: string) => {
      const now = Date.now();
      log(`  ${what} (${((now - last) / 1000).toFixed(1)} s)`);
      last = now;
    };
  })();
  log(`generating the ${shape.label} dataset: ${shape.conversations.toLocaleString('en-US')} conversations, ${shape.workspaces} workspaces, ${shape.folders.toLocaleString('en-US')} folders`);
  const small = generateSmallTables(shape, rng);
  const deferred = await withClient(url, async (client) => {
    await client.query('SET synchronous_commit = off');
    for (const table of SMALL_TABLES) await copyLines(client, table, small.lines[table]);
    const definitions = await deferredDefinitions(client);
    for (const fk of definitions.foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    for (const index of definitions.indexes) await client.query(`DROP INDEX ${quoteIdent(index.name)}`);
    return definitions;
  });
  phase(`small tables loaded; dropped ${deferred.indexes.length} indexes and ${deferred.foreignKeys.length} foreign keys for the load`);

  const loaders = await Promise.all(BIG_TABLES.map((table) => CopyLoader.open(url, table)));
  const byTable = Object.fromEntries(loaders.map((l) => [l.table, l])) as Record<BigTable, CopyLoader>;
  let generated;
  try {
    generated = await generateBigTables(shape, small, rng, (table, line) => byTable[table].write(line));
    await Promise.all(loaders.map((l) => l.finish()));
  } catch (error) {
    await Promise.all(loaders.map((l) => l.abort()));
    throw error;
  }
  phase(`copied ${generated.counts.conversations.toLocaleString('en-US')} conversations, ${generated.counts.sources.toLocaleString('en-US')} sources, ${generated.counts.conversation_tags.toLocaleString('en-US')} conversation tags`);

  await withClient(url, async (client) => {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    for (const index of deferred.indexes) await client.query(index.definition);
    phase(`recreated ${deferred.indexes.map((i) => i.name).join(', ')}`);
    for (const fk of deferred.foreignKeys) {
      await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.definition}`);
    }
    phase(`re-added and validated ${deferred.foreignKeys.length} foreign keys`);
    // VACUUM sets the visibility map (index-only scans) as autovacuum eventually would; ANALYZE for the planner.
    await client.query(`VACUUM (ANALYZE) ${[...BIG_TABLES, ...SMALL_TABLES].join(', ')}`);
    phase('vacuumed and analyzed');
  });

  const counts = Object.fromEntries(SMALL_TABLES.map((t) => [t, small.lines[t].length])) as Record<Table, number>;
  Object.assign(counts, generated.counts);
  return {
    version: DATASET_VERSION,
    shape,
    workspaceId: generated.workspaceId,
    userId: generated.userId,
    apiKey: small.apiKey,
    bigFolderId: small.bigFolderId,
    bigFolderDescendants: small.bigTree.length - 1,
    popularTagId: generated.popularTagId,
    popularTagConversations: generated.popularTagConversations,
    twoHourConversationId: generated.twoHourConversationId,
    visibleReadyForKeyUser: generated.visibleReadyForKeyUser,
    counts,
  };
}
