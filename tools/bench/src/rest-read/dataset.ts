import { ensureGeneratedDatabase, type Log, phaseTimer, sameShape, withClient } from '../kit/bench-database';
import { copyConcurrently, copyLines, deferredDefinitions, dropDeferred, restoreForeignKeys } from '../kit/copy-load';
import { seededRandom } from '@cs/testing';
import {
  BIG_TABLES,
  DATASET_VERSION,
  type DatasetInfo,
  type DatasetShape,
  generateBigTables,
  generateSmallTables,
  SMALL_TABLES,
  TABLE_COLUMNS,
  type Table,
} from './dataset-generator';

export interface PreparedDataset {
  database: string;
  url: string;
  info: DatasetInfo;
  /** Seconds the generation took, when this run generated it. */
  generatedNow: boolean;
  generationSeconds: number;
  generatedAt: string;
}

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
  const { database, shape, log } = options;
  const { url, marker, generatedNow } = await ensureGeneratedDatabase<{ info: DatasetInfo }>({
    ...options,
    marker: 'rest-read',
    what: 'dataset',
    fits: (m) => m.info.version === DATASET_VERSION && sameShape(m.info.shape, shape),
    generate: async (at) => ({ info: await loadDataset(at, shape, log) }),
  });
  return { database, url, info: marker.info, generatedNow, generationSeconds: marker.generationSeconds, generatedAt: marker.generatedAt };
}

/**
 * Fills an empty, migrated database: the small tables by COPY with every constraint in place; then the
 * big ones (conversations, sources, conversation_tags) generated in one pass and streamed by three COPYs
 * at once, with their secondary indexes and foreign keys dropped; then the indexes are rebuilt and the
 * foreign keys added back (which validates every row against them), and the tables are analyzed.
 */
export async function loadDataset(url: string, shape: DatasetShape, log: Log): Promise<DatasetInfo> {
  const rng = seededRandom(20_251_122);
  const phase = phaseTimer(log);
  log(`generating the ${shape.label} dataset: ${shape.conversations.toLocaleString('en-US')} conversations, ${shape.workspaces} workspaces, ${shape.folders.toLocaleString('en-US')} folders`);
  const small = generateSmallTables(shape, rng);
  const deferred = await withClient(url, async (client) => {
    await client.query('SET synchronous_commit = off');
    for (const table of SMALL_TABLES) await copyLines(client, table, small.lines[table], TABLE_COLUMNS[table]);
    const definitions = await deferredDefinitions(client, BIG_TABLES);
    await dropDeferred(client, definitions);
    return definitions;
  });
  phase(`small tables loaded; dropped ${deferred.indexes.length} indexes and ${deferred.foreignKeys.length} foreign keys for the load`);

  const generated = await copyConcurrently(url, BIG_TABLES, TABLE_COLUMNS, (sink) => generateBigTables(shape, small, rng, sink));
  phase(`copied ${generated.counts.conversations.toLocaleString('en-US')} conversations, ${generated.counts.sources.toLocaleString('en-US')} sources, ${generated.counts.conversation_tags.toLocaleString('en-US')} conversation tags`);

  await withClient(url, async (client) => {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    for (const index of deferred.indexes) await client.query(index.definition);
    phase(`recreated ${deferred.indexes.map((i) => i.name).join(', ')}`);
    await restoreForeignKeys(client, deferred);
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
