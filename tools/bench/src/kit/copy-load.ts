import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { quoteIdent } from './bench-database';

const copySql = (table: string, columns: readonly string[], freeze: boolean): string =>
  `COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT text${freeze ? ', FREEZE true' : ''})`;

/** COPYs ready-made text-format lines into `table`. */
export async function copyLines(client: Client, table: string, lines: readonly string[], columns: readonly string[]): Promise<void> {
  const stream = client.query(copyFrom(copySql(table, columns, false)));
  stream.end(lines.join(''));
  await finished(stream);
}

export interface DeferredDefinition {
  table: string;
  name: string;
  definition: string;
}

export interface Deferred {
  indexes: DeferredDefinition[];
  foreignKeys: DeferredDefinition[];
}

/**
 * The secondary indexes of `tables` (not those behind a primary key or unique constraint) and every foreign key
 * from or to them, exactly as the migrations made them, so they can be dropped before the load and recreated after it.
 */
export async function deferredDefinitions(client: Client, tables: readonly string[]): Promise<Deferred> {
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

export async function dropDeferred(client: Client, deferred: Deferred): Promise<void> {
  for (const fk of deferred.foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
  for (const index of deferred.indexes) await client.query(`DROP INDEX ${quoteIdent(index.name)}`);
}

/** Adds the deferred foreign keys back, which validates every row against them. */
export async function restoreForeignKeys(client: Client, deferred: Deferred): Promise<void> {
  for (const fk of deferred.foreignKeys) await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.definition}`);
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
  static async open(url: string, table: string, columns: readonly string[]): Promise<CopyLoader> {
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
 * Streams the rows `generate` makes into `tables` by one concurrent COPY each; `generate` gets a sink that takes a
 * table's text-format line and may return a promise to wait on (back-pressure).
 */
export async function copyConcurrently<T extends string, R>(
  url: string,
  tables: readonly T[],
  columns: Record<T, readonly string[]>,
  generate: (sink: (table: T, line: string) => Promise<void> | void) => Promise<R>,
): Promise<R> {
  const loaders = await Promise.all(tables.map((table) => CopyLoader.open(url, table, columns[table])));
  const byTable = Object.fromEntries(loaders.map((l) => [l.table, l])) as Record<T, CopyLoader>;
  try {
    const generated = await generate((table, line) => byTable[table].write(line));
    await Promise.all(loaders.map((l) => l.finish()));
    return generated;
  } catch (error) {
    await Promise.all(loaders.map((l) => l.abort()));
    throw error;
  }
}
