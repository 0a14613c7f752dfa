import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { ensureGeneratedDatabase, type Log, phaseTimer, sameShape, withClient } from '../kit/bench-database';
import { copyConcurrently, copyLines, deferredDefinitions, type DeferredDefinition, dropDeferred, restoreForeignKeys } from '../kit/copy-load';
import { seededRandom } from '@cs/testing';
import {
  CORPUS_BIG_TABLES,
  CORPUS_COLUMNS,
  CORPUS_SMALL_TABLES,
  CORPUS_VERSION,
  type CorpusInfo,
  type CorpusShape,
  generateCorpusBigTables,
  generateSmallCorpusTables,
  prepareMeetings,
} from './corpus-generator';

/** The table search keeps its passages in (migration 1764200000000-search). */
export const PASSAGES_TABLE = 'search_passages';
/** The conversations' words (migration 1765100000000-search-conversation-terms), written with the passages. */
export const CONVERSATION_TERMS_TABLE = 'search_conversation_terms';
/** The tables search's indexing fills: their secondary indexes are built once, after the bulk indexing. */
const SEARCH_TABLES = [PASSAGES_TABLE, CONVERSATION_TERMS_TABLE];

/** Indexes all ready conversations of the database at `url` with the search lib's bulk indexing; returns passages made. */
export type BulkIndexer = (url: string, log: Log) => Promise<number>;

export interface IndexingFigures {
  /** Seconds of the search lib's bulk indexing (passages and their tsvectors), without the index builds. */
  indexSeconds: number;
  /** Seconds to build the passage table's indexes (GIN and btree) after the bulk load. */
  buildSeconds: number;
  passages: number;
}

/** Sizes, in bytes, of what search adds and of what it indexes. */
export interface StorageFigures {
  /** Every GIN index of the database: name, table, bytes. */
  ginIndexes: Array<{ name: string; table: string; bytes: number }>;
  /** Rows of search_passages. */
  passages: number;
  /** search_passages: heap (with TOAST) and all its indexes. */
  passagesTableBytes: number;
  passagesIndexBytes: number;
  /** sources (with TOAST), the content search indexes. */
  sourcesTableBytes: number;
  databaseBytes: number;
}

export interface PreparedCorpus {
  database: string;
  url: string;
  info: CorpusInfo;
  generatedNow: boolean;
  generationSeconds: number;
  generatedAt: string;
  indexing: IndexingFigures;
  storage: StorageFigures;
}

export async function storageFigures(url: string): Promise<StorageFigures> {
  return withClient(url, async (client) => {
    const gin = await client.query<{ name: string; table: string; bytes: string }>(
      `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table, pg_relation_size(i.indexrelid) AS bytes
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
       WHERE am.amname = 'gin' ORDER BY 1`,
    );
    const sizes = await client.query<{ rows: string; passages: string; passages_indexes: string; sources: string; database: string }>(
      `SELECT (SELECT count(*) FROM ${PASSAGES_TABLE}) AS rows, pg_table_size($1::regclass) AS passages, pg_indexes_size($1::regclass) AS passages_indexes,
              pg_table_size('sources'::regclass) AS sources, pg_database_size(current_database()) AS database`,
      [PASSAGES_TABLE],
    );
    const row = sizes.rows[0] as { rows: string; passages: string; passages_indexes: string; sources: string; database: string };
    return {
      passages: Number(row.rows),
      ginIndexes: gin.rows.map((r) => ({ name: r.name, table: r.table, bytes: Number(r.bytes) })),
      passagesTableBytes: Number(row.passages),
      passagesIndexBytes: Number(row.passages_indexes),
      sourcesTableBytes: Number(row.sources),
      databaseBytes: Number(row.database),
    };
  });
}

/**
 * The benchmark's database: reused when it holds a complete corpus of this shape and version, otherwise dropped,
 * created, migrated, generated and indexed afresh.
 */
export async function ensureCorpus(options: {
  serverUrl: string;
  database: string;
  shape: CorpusShape;
  regenerate: boolean;
  indexer: BulkIndexer;
  log: Log;
}): Promise<PreparedCorpus> {
  const { database, shape, indexer, log } = options;
  const { url, marker, generatedNow } = await ensureGeneratedDatabase<{ info: CorpusInfo; indexing: IndexingFigures }>({
    ...options,
    marker: 'search',
    what: 'corpus',
    fits: (m) => m.info.version === CORPUS_VERSION && sameShape(m.info.shape, shape),
    generate: (at) => loadCorpus(at, shape, indexer, log),
  });
  return { database, url, ...marker, generatedNow, storage: await storageFigures(url) };
}

/**
 * Fills an empty, migrated database: the small tables by COPY with their constraints; the conversations, sources
 * and tags streamed by three COPYs with their secondary indexes and foreign keys dropped (as rest-read does), then
 * those indexes rebuilt; then the search lib's bulk indexing with the passage table's GIN (and other secondary)
 * indexes dropped, those built afterwards (a GIN index built at once is smaller and far quicker than one grown row by row), every
 * foreign key re-added (validating every row) and everything vacuumed and analyzed.
 */
export async function loadCorpus(url: string, shape: CorpusShape, indexer: BulkIndexer, log: Log): Promise<{ info: CorpusInfo; indexing: IndexingFigures }> {
  const rng = seededRandom(20_261_124);
  const phase = phaseTimer(log);
  const meetings = prepareMeetings([...loadMeetings('train'), ...loadMeetings('val')], timedTurns);
  log(`generating the ${shape.label} search corpus: ${shape.conversations.toLocaleString('en-US')} conversations of ${meetings.length} meetings, ${shape.workspaces} workspaces`);
  const small = generateSmallCorpusTables(shape, rng);
  const deferred = await withClient(url, async (client) => {
    await client.query('SET synchronous_commit = off');
    for (const table of CORPUS_SMALL_TABLES) await copyLines(client, table, small.lines[table], CORPUS_COLUMNS[table]);
    const all = await deferredDefinitions(client, [...CORPUS_BIG_TABLES, ...SEARCH_TABLES]);
    // indexConversations first deletes a conversation's passages by conversation_id: that index stays.
    const definitions = { ...all, indexes: all.indexes.filter((d) => !(d.table === PASSAGES_TABLE && /\(conversation_id\b/.test(d.definition))) };
    await dropDeferred(client, definitions);
    return definitions;
  });
  phase(`small tables loaded; dropped ${deferred.indexes.length} indexes and ${deferred.foreignKeys.length} foreign keys for the load`);

  const generated = await copyConcurrently(url, CORPUS_BIG_TABLES, CORPUS_COLUMNS, (sink) => generateCorpusBigTables(shape, small, meetings, rng, sink));
  phase(
    `copied ${generated.counts.conversations.toLocaleString('en-US')} conversations, ${generated.counts.sources.toLocaleString('en-US')} sources ` +
      `(${(generated.transcriptWords / 1e6).toFixed(1)} M transcript words), ${generated.counts.conversation_tags.toLocaleString('en-US')} conversation tags`,
  );

  const isSearchTable = (d: DeferredDefinition): boolean => SEARCH_TABLES.includes(d.table);
  await withClient(url, async (client) => {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    for (const index of deferred.indexes.filter((d) => !isSearchTable(d))) await client.query(index.definition);
    await client.query(`ANALYZE ${CORPUS_BIG_TABLES.join(', ')}`);
  });
  phase('rebuilt the indexes of conversations, sources and tags');

  const passages = await indexer(url, log);
  const indexSeconds = phase(`bulk-indexed ${passages.toLocaleString('en-US')} passages with @cs/search`);
  await withClient(url, async (client) => {
    await client.query(`SET maintenance_work_mem = '1GB'`);
    for (const index of deferred.indexes.filter(isSearchTable)) await client.query(index.definition);
  });
  const buildSeconds = phase(`built ${deferred.indexes.filter(isSearchTable).map((d) => d.name).join(', ')}`);

  await withClient(url, async (client) => {
    await restoreForeignKeys(client, deferred);
    phase(`re-added and validated ${deferred.foreignKeys.length} foreign keys`);
    await client.query(`VACUUM (ANALYZE) ${[...CORPUS_BIG_TABLES, ...CORPUS_SMALL_TABLES, ...SEARCH_TABLES].join(', ')}`);
    phase('vacuumed and analyzed');
  });

  const counts = Object.fromEntries(CORPUS_SMALL_TABLES.map((t) => [t, small.lines[t].length])) as CorpusInfo['counts'];
  Object.assign(counts, generated.counts);
  const ws0 = small.workspaces[0];
  const info: CorpusInfo = {
    version: CORPUS_VERSION,
    shape,
    workspaceId: ws0?.id ?? '',
    userId: ws0?.members[0]?.userId ?? '',
    apiKey: small.apiKey,
    folders: small.folders,
    tags: small.tags,
    memberNames: ws0?.members.map((m) => m.name) ?? [],
    firstCreatedAt: generated.firstCreatedAt,
    lastCreatedAt: generated.lastCreatedAt,
    counts,
    transcriptWords: generated.transcriptWords,
    contentChars: generated.contentChars,
    visibleReadyForKeyUser: generated.visibleReadyForKeyUser,
  };
  return { info, indexing: { indexSeconds, buildSeconds, passages } };
}
