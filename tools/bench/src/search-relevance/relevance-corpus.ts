import { addMembership, createApiKey, createTenant, createUser, createWorkspace } from '@cs/accounts';
import { type CorpusMeeting, type CorpusName, type CorpusSplit, timedTurns } from '@cs/meeting-corpus';
import { createHash } from 'node:crypto';
import { createDataSource, MIGRATIONS, runMigrations } from '@cs/persistence';
import { databaseUrl, migrate, withClient } from '../kit/bench-database';
import { recreateDatabase } from '../kit/bench-database';
import type { RelevanceServers } from './relevance-servers';

type Log = (message: string) => void;

/** Bumped when what is ingested changes (titles, segments): an older corpus is then made again. */
export const RELEVANCE_CORPUS_VERSION = 1;
const MARKER_TABLE = 'bench_dataset';
const MARKER_NAME = 'search-relevance';
/** How long the processor has for the whole split once everything is posted. */
const READY_TIMEOUT_MS = 30 * 60_000;

/** What the marker row keeps: enough to ask the questions again without ingesting. */
export interface RelevanceCorpusInfo {
  version: number;
  /** The schema it was ingested under (schemaFingerprint): a new migration may change what indexing stores. */
  schema: string;
  split: CorpusSplit;
  workspaceId: string;
  /** An API key of the workspace's admin (a member who sees every conversation of it). */
  apiKey: string;
  /** Meeting id → conversation id. */
  conversations: Record<string, string>;
  ingestSeconds: number;
  ingestedAt: string;
  passages: number;
}

/**
 * The migrations' source text, hashed, as @cs/testing names its templates: a corpus indexed under other migrations
 * is ingested again rather than judged with passages the current code would not store. (A change of the indexing
 * statement alone is not seen: --regenerate after one.)
 */
const schemaFingerprint = (): string =>
  createHash('sha256')
    .update(MIGRATIONS.map((m) => m.toString()).join('\n'))
    .digest('hex')
    .slice(0, 12);

export const relevanceDatabase = (split: CorpusSplit): string => `cs_bench_relevance_${split}`;

/** A user's title for a recording of that kind: the kind and the corpus id, nothing that names what was said. */
const KIND: Record<CorpusName, string> = { ami: 'Product design meeting', icsi: 'Research group meeting', committee: 'Committee session' };

async function readMarker(url: string): Promise<RelevanceCorpusInfo | null> {
  return withClient(url, async (client) => {
    const exists = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [MARKER_TABLE]);
    if (exists.rows[0]?.present !== true) return null;
    const rows = await client.query<{ value: RelevanceCorpusInfo }>(`SELECT value FROM ${MARKER_TABLE} WHERE name = $1`, [MARKER_NAME]);
    return rows.rows[0]?.value ?? null;
  });
}

/** One tenant and workspace, its admin and the admin's API key, made as the product makes them. */
async function createCaller(url: string): Promise<{ workspaceId: string; apiKey: string }> {
  const ds = createDataSource({ url, poolSize: 2, applicationName: 'bench' });
  await ds.initialize();
  try {
    await runMigrations(ds);
    const now = new Date();
    const ids = await ds.transaction(async (tx) => {
      const tenant = await createTenant(tx, { name: 'Relevance tenant', createdAt: now });
      const workspace = await createWorkspace(tx, { tenantId: tenant.id, name: 'Relevance workspace', createdAt: now });
      const user = await createUser(tx, { email: 'relevance-admin@bench.example', name: 'Relevance admin', createdAt: now });
      await addMembership(tx, { workspaceId: workspace.id, userId: user.id, role: 'admin', createdAt: now });
      return { workspaceId: workspace.id, userId: user.id };
    });
    const { key } = await createApiKey(ds, ids, 'Relevance bench key', now);
    return { workspaceId: ids.workspaceId, apiKey: key };
  } finally {
    await ds.destroy();
  }
}

/** POST /api/v1/conversations: the meeting as one transcript source of timed segments (language left to the processor). */
async function postMeeting(apiUrl: string, apiKey: string, meeting: CorpusMeeting): Promise<string> {
  const segments = timedTurns(meeting).map(({ speaker, start_seconds, end_seconds, text }) => ({ speaker, start_seconds, end_seconds, text }));
  const response = await fetch(new URL('/api/v1/conversations', apiUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: `${KIND[meeting.corpus]} ${meeting.id}`, visibility: 'workspace', sources: [{ type: 'transcript', segments }] }),
  });
  const body = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/v1/conversations (${meeting.id}) answered ${response.status}: ${body.slice(0, 500)}`);
  return (JSON.parse(body) as { id: string }).id;
}

/** Waits until the processor made every conversation `ready` (which indexes it in the same transaction); throws on `error`. */
async function waitUntilReady(url: string, ids: readonly string[], servers: RelevanceServers, log: Log): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let reported = -1;
  for (;;) {
    const rows = await withClient(url, async (client) =>
      (await client.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM conversations WHERE id = ANY($1) GROUP BY status', [ids])).rows,
    );
    const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    if (count('error') > 0) throw new Error(`${count('error')} conversations ended in error:\n${servers.processorOutput()}`);
    if (count('ready') === ids.length) return;
    if (count('ready') !== reported && count('ready') % 20 === 0) log(`  ${count('ready')}/${ids.length} ready`);
    reported = count('ready');
    if (Date.now() > deadline) throw new Error(`only ${count('ready')}/${ids.length} conversations ready after ${READY_TIMEOUT_MS / 60_000} min:\n${servers.processorOutput()}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * The split's meetings in one workspace of the bench's own database, through the real write and processing path:
 * each posted to the running api, then processed and indexed by the processor. Reused when the database holds a
 * complete corpus of this version and split (the marker row, written last); `regenerate` makes it again.
 */
export async function ensureRelevanceCorpus(options: {
  serverUrl: string;
  split: CorpusSplit;
  database: string;
  meetings: readonly CorpusMeeting[];
  regenerate: boolean;
  /** Starts the servers on the database once it is migrated; the caller stops them. */
  startServers: (url: string) => Promise<RelevanceServers>;
  log: Log;
}): Promise<{ url: string; database: string; info: RelevanceCorpusInfo; ingestedNow: boolean; servers: RelevanceServers }> {
  const { serverUrl, split, database, meetings, log } = options;
  const url = databaseUrl(serverUrl, database);
  const exists = await withClient(databaseUrl(serverUrl, 'postgres'), async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 1);
  if (exists && !options.regenerate) {
    const marker = await readMarker(url);
    if (marker && marker.version === RELEVANCE_CORPUS_VERSION && marker.schema === schemaFingerprint() && marker.split === split && Object.keys(marker.conversations).length === meetings.length) {
      await migrate(url);
      log(`reusing the ${split} corpus in ${database} (ingested ${marker.ingestedAt} in ${marker.ingestSeconds.toFixed(0)} s; --regenerate to make it again)`);
      return { url, database, info: marker, ingestedNow: false, servers: await options.startServers(url) };
    }
    log(`${database} holds no complete ${split} corpus of this version and schema: ingesting it again`);
  }
  await recreateDatabase(serverUrl, database);
  const caller = await createCaller(url);
  const servers = await options.startServers(url);
  try {
    await servers.startProcessor();
    const started = Date.now();
    log(`posting the ${meetings.length} ${split} meetings to ${servers.api.origin}/api/v1/conversations; the processor makes them ready`);
    const conversations: Record<string, string> = {};
    for (const meeting of meetings) conversations[meeting.id] = await postMeeting(servers.api.origin, caller.apiKey, meeting);
    await waitUntilReady(url, Object.values(conversations), servers, log);
    await servers.stopProcessor();
    const ingestSeconds = (Date.now() - started) / 1000;
    const info: RelevanceCorpusInfo = await withClient(url, async (client) => {
      const passages = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM search_passages WHERE workspace_id = $1', [caller.workspaceId])).rows[0]?.n ?? 0);
      const marker: RelevanceCorpusInfo = { version: RELEVANCE_CORPUS_VERSION, schema: schemaFingerprint(), split, ...caller, conversations, ingestSeconds, ingestedAt: new Date().toISOString(), passages };
      await client.query('VACUUM (ANALYZE) search_passages');
      await client.query(`CREATE TABLE ${MARKER_TABLE} (name text PRIMARY KEY, value jsonb NOT NULL)`);
      await client.query(`INSERT INTO ${MARKER_TABLE} (name, value) VALUES ($1, $2)`, [MARKER_NAME, JSON.stringify(marker)]);
      return marker;
    });
    log(`${meetings.length} meetings ready and indexed (${info.passages.toLocaleString('en-US')} passages) in ${ingestSeconds.toFixed(0)} s`);
    return { url, database, info, ingestedNow: true, servers };
  } catch (error) {
    await servers.stop();
    throw error;
  }
}
