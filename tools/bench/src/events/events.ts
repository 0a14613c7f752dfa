import { addMembership, createTenant, createUser, createWorkspace } from '@cs/accounts';
import { Catalog, LIST_EVENTS_PARAMS } from '@cs/catalog';
import { API_KEY_SCOPES, newId, type Principal, visibleTo } from '@cs/domain';
import { FeedSequencer, OUTBOX_EVENT_CHANNEL } from '@cs/events';
import { NotificationListener, PeriodicTask } from '@cs/nest-infrastructure';
import { CursorCodec } from '@cs/paging';
import { createDataSource, insertRows, poolTransactions, postgresPool, runMigrations } from '@cs/persistence';
import { inTransaction, parseBody, UpdateConversationRequestSchema, Writes } from '@cs/writes';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client, Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { recreateDatabase } from '../kit/bench-database';
import { isLocalDatabase, PostgresObserver } from '../kit/pg-stats';
import { type CallFigures, type CallSamples, callFigures, noSamples, timeCalls } from '../data-access/call-timer';
import { databaseUrl as urlOfDatabase } from '../kit/bench-database';
import { type Recorded, recording } from '../kit/explain';
import { seededRandom } from '@cs/testing';
import { machineFacts, writeResults } from '../kit/results-file';
import { serviceUrls } from '../kit/service-urls';

export const EVENTS_COMMAND = benchCommand('events', {
  quick: '50,000 events, 100 resumes, 5,000 followed, 100 writes a round: a smoke test',
  flags: {
    events: { flag: '--events', full: 1_000_000, quick: 50_000, help: "events in the feed's workspace" },
    resumes: { flag: '--resumes', full: 1_000, quick: 100, help: 'resumes with after=<a random event id>, 100 events each' },
    follow: { flag: '--follow', full: 100_000, quick: 5_000, help: 'events read by following the feed from its start with cursors' },
    writes: { flag: '--writes', full: 500, quick: 100, help: 'PATCHes per round and road' },
    rounds: { flag: '--rounds', full: 6, quick: 2, help: 'write rounds; each runs every road, taking turns to go first' },
    foreignSeconds: {
      flag: '--foreign-seconds',
      full: 60,
      quick: 10,
      help: "how long write transactions stay open in this database and another one while the feed's delay is measured;\n600 for the issue's ten minutes",
    },
  },
});
export type EventsOptions = OptionsOf<typeof EVENTS_COMMAND>;

type Out = (text: string) => void;

const DATABASE = 'cs_bench_events';
/** Where the foreign-transaction case holds a write transaction of "another application". */
const FOREIGN_DATABASE = 'cs_bench_events_foreign';
const PAGE = 100;
const BATCH = 50_000;
const CONVERSATIONS = 200;

/** A workspace with two members, CONVERSATIONS conversations to PATCH, and `events` events: 80% shared, 20% private to the first member. */
async function prepare(ds: DataSource, events: number, log: Out): Promise<{ owner: Principal; other: Principal; conversations: string[]; eventIds: string[] }> {
  await runMigrations(ds);
  const ids = await ds.transaction(async (tx) => {
    const tenant = await createTenant(tx, { name: 'Bench tenant' });
    const workspace = await createWorkspace(tx, { tenantId: tenant.id, name: 'Bench workspace' });
    const users: string[] = [];
    for (const [i, role] of (['admin', 'member'] as const).entries()) {
      const user = await createUser(tx, { email: `events${i}@bench.example`, name: `Member ${i}` });
      await addMembership(tx, { workspaceId: workspace.id, userId: user.id, role });
      users.push(user.id);
    }
    const conversations = Array.from({ length: CONVERSATIONS }, () => newId('conversation'));
    await insertRows(tx, 'conversations', ['id', 'workspace_id', 'owner_id', 'title', 'status', 'visibility'], conversations.map((id, i) => [id, workspace.id, users[0], `Weekly ${i}`, 'ready', 'workspace']));
    return { tenantId: tenant.id, workspaceId: workspace.id, users, conversations };
  });
  const started = Date.now();
  // Ids sort as they were written, as newId's do; a transaction per batch, so the feed's order has many transactions.
  for (let from = 1; from <= events; from += BATCH) {
    await ds.query(
      `INSERT INTO outbox (id, workspace_id, topic, type, payload, created_at, relayed_at, audience)
       SELECT 'evt_' || lpad(n::text, 26, '0'), $1, 'event', 'conversation.updated',
              jsonb_build_object('id', 'evt_' || lpad(n::text, 26, '0'), 'type', 'conversation.updated', 'created_at', to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'data', jsonb_build_object('id', 'conv_x', 'title', 'Weekly ' || n, 'started_at', '2026-01-01T00:00:00.000Z', 'status', 'ready', 'changed', jsonb_build_array('title'))),
              now(), now(),
              CASE WHEN n % 5 = 0 THEN jsonb_build_object('owner_id', $2::text, 'visibility', 'private') ELSE jsonb_build_object('owner_id', $2::text, 'visibility', 'workspace') END
       FROM generate_series($3::int, $4::int) AS n`,
      [ids.workspaceId, ids.users[0], from, Math.min(events, from + BATCH - 1)],
    );
  }
  // Stored already positioned, as the feed sequencer leaves them (docs/architecture.md "The events feed"): event n at
  // position n, and none left in the queue (emptied at once, so no sequencer run reads past a million dead rows).
  await ds.query(`INSERT INTO feed_positions (position, workspace_id, event_id) SELECT substr(id, 5)::bigint, workspace_id, id FROM outbox WHERE topic = 'event'`);
  await ds.query('TRUNCATE feed_pending');
  await ds.query('UPDATE feed_sequencer_head SET position = $1', [events]);
  await ds.query('ANALYZE outbox, feed_positions');
  log(`${events.toLocaleString('en-US')} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const principal = (userId: string, role: 'admin' | 'member'): Principal => ({
    via: 'api_key', userId, workspaceId: ids.workspaceId, tenantId: ids.tenantId, role, scopes: API_KEY_SCOPES, credentialId: 'key_bench',
  });
  const eventIds = Array.from({ length: events }, (_, i) => `evt_${String(i + 1).padStart(26, '0')}`);
  return { owner: principal(ids.users[0]!, 'admin'), other: principal(ids.users[1]!, 'member'), conversations: ids.conversations, eventIds };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const line = (label: string, f: CallFigures) => `  ${label.padEnd(9)} p50 ${ms(f.p50).padStart(9)}  p99 ${ms(f.p99).padStart(9)}  ${f.callsPerSecond.toFixed(0).padStart(6)} calls/s`;
const cpu = (f: CallFigures) => f.cpuMicrosPerCall + f.serverCpuMicrosPerCall;
const cpuLine = (label: string, f: CallFigures) =>
  `  ${label.padEnd(9)} ${cpu(f).toFixed(0).padStart(5)} µs CPU a write (${f.cpuMicrosPerCall.toFixed(0)} this process, ${f.serverCpuMicrosPerCall.toFixed(0)} its Postgres backends)`;

/** `events`: see tools/bench/README.md. Returns the exit code. */
export async function runEvents(options: EventsOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const { databaseUrl } = serviceUrls();
  const ds = await createDataSource({ url: await recreateDatabase(databaseUrl, DATABASE), poolSize: 4, applicationName: 'bench-events' }).initialize();
  // On a busy machine writes/s wander with the load; the CPU a write takes (here and in its backends) does much less.
  const monitor = new Pool({ connectionString: urlOfDatabase(databaseUrl, 'postgres'), max: 1, application_name: 'bench-monitor' });
  const observer = new PostgresObserver(monitor, DATABASE, isLocalDatabase(databaseUrl));
  try {
    const data = await prepare(ds, options.events, log);
    // The statements the feed ran, replayed bare as the baseline ("the same SQL run bare"), without the lib around
    // them (parameters, position lookup, projection, envelope, cursor).
    const taken: Recorded[] = [];
    const db = recording(ds, taken);
    const catalog = new Catalog(db, new CursorCodec(randomBytes(32).toString('hex')));
    const rng = seededRandom(16);
    // An event the member sees (every fifth is the owner's private one), far enough from the end to fill a page.
    const randomEvent = () => {
      const i = Math.floor(rng() * (data.eventIds.length - 2 * PAGE));
      return data.eventIds[(i + 1) % 5 === 0 ? i + 1 : i]!;
    };

    // 1. Resume after a random event id, as the member (who sees 80% of them), through the catalog and bare.
    log('resuming');
    const resume = { lib: noSamples(), bare: noSamples() };
    const statements: Recorded[][] = [];
    for (let round = 0; round < 2; round++) {
      const count = Math.ceil(options.resumes / 2);
      const afters = Array.from({ length: count }, randomEvent);
      const libRun = () =>
        timeCalls(async (i) => {
          const before = taken.length;
          const page = await catalog.listEvents(data.other, LIST_EVENTS_PARAMS.fromQueryString({ after: afters[i]!, limit: String(PAGE) }));
          if (page.data.length === 0) throw new Error('a resume returned no events');
          statements[i] = taken.slice(before);
        }, count, resume.lib);
      const bareRun = () => timeCalls(async (i) => { for (const s of statements[i]!) await ds.query(s.sql, s.parameters); }, count, resume.bare);
      await libRun(); // records the statements the bare road replays
      if (round === 0) await bareRun();
      else { await bareRun(); await libRun(); }
    }

    // 2. Follow the feed from its start with cursors: events read per second.
    log('following');
    let followed = 0;
    let cursor: string | undefined;
    const followStatements: Recorded[] = [];
    const followStart = performance.now();
    while (followed < options.follow) {
      const before = taken.length;
      const page = await catalog.listEvents(data.other, LIST_EVENTS_PARAMS.fromQueryString(cursor ? { cursor, limit: String(PAGE) } : { limit: String(PAGE) }));
      followStatements.push(...taken.slice(before));
      followed += page.data.length;
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    const followSeconds = (performance.now() - followStart) / 1000;
    const bareStart = performance.now();
    for (const s of followStatements) await ds.query(s.sql, s.parameters);
    const bareFollowSeconds = (performance.now() - bareStart) / 1000;

    // 3. The write path: a PATCH of visibility as the product runs it (the change, its conversation.updated event,
    // the answer) against what the same PATCH ran before events existed: the body's validation, the owner's lock,
    // a blind UPDATE, the answer (Writes.updateConversation at d484a2d). Not a title: a new title is also re-indexed
    // for search, a cost that is not the events'.
    const writes = new Writes(ds);
    // As the api runs it (FeedSequencerLifecycle).
    const sequencer = new FeedSequencer(poolTransactions(postgresPool(ds)));
    const write = { withEvents: noSamples(), withPositions: noSamples(), before: noSamples() };
    let n = 0;
    const target = (i: number) => data.conversations[i % data.conversations.length]!;
    // Every call flips its conversation (n walks the conversations in order, a round of them per value), so each is a change.
    const visibility = (k: number) => (Math.floor(k / data.conversations.length) % 2 === 0 ? 'private' : 'workspace');
    const withEvents = () => {
      const k = n++;
      return writes.updateConversation({ principal: data.owner, requestId: null, method: 'PATCH', path: '/api/v1/conversations' }, target(k), { visibility: visibility(k) });
    };
    const before = () => {
      const k = n++;
      const input = parseBody(UpdateConversationRequestSchema, { visibility: visibility(k) });
      return inTransaction(ds, async (tx) => {
        await tx.query(
          `SELECT c.id, c.workspace_id, c.owner_id, c.title, c.status, COALESCE(c.started_at, c.created_at) AS started_at
           FROM conversations c WHERE c.id = $1 AND c.workspace_id = $2 AND ${visibleTo('c', '$3')} FOR UPDATE`,
          [target(k), data.owner.workspaceId, data.owner.userId],
        );
        await tx.query(`UPDATE conversations SET visibility = $2, updated_at = $3 WHERE id = $1`, [target(k), input.visibility, new Date()]);
        return catalog.getConversation(data.owner, target(k));
      });
    };
    // Today's feed plus its sequencer, at its worst: one sequencer run per write (under load a run positions many).
    const withPositions = async () => {
      await withEvents();
      await sequencer.drain();
    };
    for (let round = 0; round < options.rounds; round++) {
      const road = (call: () => Promise<unknown>, samples: CallSamples) => () => timeCalls(call, options.writes, samples, () => observer.backendCpu());
      const roads = [road(withEvents, write.withEvents), road(withPositions, write.withPositions), road(before, write.before)];
      for (let k = 0; k < roads.length; k++) {
        await roads[(k + round) % roads.length]!();
        // The events the road without a sequencer left unpositioned, positioned outside any timing.
        await sequencer.drain();
      }
    }

    // 4. The feed's delay: commit to visible in GET /events, with no other transaction and then with write
    // transactions left open in this database and in another one for the whole run.
    log('feed delay');
    const delay = await feedDelay(ds, catalog, writes, data, databaseUrl, options.foreignSeconds, log);

    const figures = {
      resume: { catalog: callFigures(resume.lib), bare: callFigures(resume.bare) },
      follow: { events: followed, events_per_second: followed / followSeconds, bare_events_per_second: followed / bareFollowSeconds },
      write: { with_events: callFigures(write.withEvents), with_positions: callFigures(write.withPositions), before_events: callFigures(write.before) },
      feed_delay: delay,
    };
    const loadAfter = loadavg()[0] ?? 0;
    out(
      [
        '',
        `events: the feed at ${options.events.toLocaleString('en-US')} events (one workspace; the reader sees 80%), in-process on one pool, Node ${process.version}`,
        '',
        `## resume with after=<a random event id>, ${PAGE} events (target p99 ≤ 20 ms)`,
        line('catalog', figures.resume.catalog),
        line('bare SQL', figures.resume.bare),
        `  catalog/bare p50 ${(figures.resume.catalog.p50 / figures.resume.bare.p50).toFixed(2)}×`,
        '',
        `## following the feed from its start, ${PAGE} a page`,
        `  catalog ${figures.follow.events_per_second.toFixed(0)} events/s, bare SQL ${figures.follow.bare_events_per_second.toFixed(0)} events/s (${followed.toLocaleString('en-US')} events)`,
        '',
        '## PATCH of visibility: with its event against the statements it ran before events (target: within 10%)',
        line('events', figures.write.with_events),
        line('before', figures.write.before_events),
        `  writes/s with events ÷ before: ${(figures.write.with_events.callsPerSecond / figures.write.before_events.callsPerSecond).toFixed(2)}`,
        cpuLine('events', figures.write.with_events),
        cpuLine('before', figures.write.before_events),
        `  CPU a write, before ÷ with events: ${(cpu(figures.write.before_events) / cpu(figures.write.with_events)).toFixed(2)} (the same ratio, as the machine's load leaves it; NaN where Postgres is not on this machine)`,
        '',
        '## the feed sequencer\'s cost: a PATCH with its event and a sequencer run of its own, against the same PATCH without (today\'s write path before feed positions)',
        line('+ seq', figures.write.with_positions),
        line('events', figures.write.with_events),
        cpuLine('+ seq', figures.write.with_positions),
        `  writes/s with a sequencer run each ÷ without: ${(figures.write.with_positions.callsPerSecond / figures.write.with_events.callsPerSecond).toFixed(2)}; CPU a write, without ÷ with: ${(cpu(figures.write.with_events) / cpu(figures.write.with_positions)).toFixed(2)}`,
        '',
        `## the feed's delay, commit to visible in GET /events (target p99 ≤ 1 s), ${delay.samples_each} writes a case`,
        `  no other transaction          p50 ${ms(delay.quiet.p50).padStart(9)}  p99 ${ms(delay.quiet.p99).padStart(9)}`,
        `  foreign transactions open     p50 ${ms(delay.foreign.p50).padStart(9)}  p99 ${ms(delay.foreign.p99).padStart(9)}  (held ${delay.held_seconds.toFixed(0)} s, this database and ${FOREIGN_DATABASE})`,
        `  served by the rule before feed positions (tx < pg_snapshot_xmin) while they were open: ${delay.old_rule_served} of ${delay.samples_each}`,
        '',
        `machine load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
      ].join('\n'),
    );
    const file = writeResults('events', startedAt, { benchmark: 'events', started_at: startedAt.toISOString(), options, machine: machineFacts(null, loadBefore, loadAfter), figures }, {
      quick: options.quick,
      figures:
        `${options.events.toLocaleString('en-US')} events: resume p99 ${ms(figures.resume.catalog.p99)}; following ${figures.follow.events_per_second.toFixed(0)} events/s; ` +
        `a PATCH with its event ${(figures.write.with_events.callsPerSecond / figures.write.before_events.callsPerSecond).toFixed(2)}× the writes/s of one without; ` +
        `feed delay p99 ${ms(delay.quiet.p99)} (${ms(delay.foreign.p99)} beside open transactions)`,
    });
    log(`results: ${file}`);
    return 0;
  } finally {
    await monitor.end();
    await ds.destroy();
  }
}

export interface DelayFigures {
  p50: number;
  p99: number;
}

export type FeedDelay = { quiet: DelayFigures; foreign: DelayFigures; samples_each: number; held_seconds: number; old_rule_served: number };

/**
 * The feed's delay per write, with the sequencer wired as the api wires it (woken by NOTIFY, polling 250 ms), in
 * `database` of the server of `serverUrl` (also used by the fault drills, on a Postgres of their own).
 */
export async function feedDelay(
  ds: DataSource,
  catalog: Catalog,
  writes: Writes,
  data: { owner: Principal; conversations: string[] },
  serverUrl: string,
  foreignSeconds: number,
  log: Out,
  database = DATABASE,
): Promise<FeedDelay> {
  const sequencer = new FeedSequencer(poolTransactions(postgresPool(ds)));
  const task = new PeriodicTask('FeedSequencer', 250, () => sequencer.drain());
  const url = urlOfDatabase(serverUrl, database);
  const listener = new NotificationListener(url, OUTBOX_EVENT_CHANNEL, () => task.wake());
  task.start();
  await listener.start();
  let k = 0;
  const ids: string[] = [];
  /** One PATCH, then the feed read every 2 ms until its event shows: the milliseconds from its commit. */
  const once = async (): Promise<number> => {
    const head = await catalog.latestEvent(data.owner);
    const i = k++;
    await writes.updateConversation({ principal: data.owner, requestId: null, method: 'PATCH', path: '/api/v1/conversations' }, data.conversations[i % data.conversations.length]!, {
      title: `Delay ${i}`,
    });
    const committed = performance.now();
    for (;;) {
      const page = await catalog.listEvents(data.owner, LIST_EVENTS_PARAMS.fromQueryString({ after: head.id, limit: '10' }));
      if (page.data.length > 0) {
        ids.push(page.data[0]!.id);
        return performance.now() - committed;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  };
  const figures = (values: number[]): DelayFigures => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
    return { p50: at(50), p99: at(99) };
  };
  try {
    // Paced, so a case spans the whole hold: one write every 100 ms.
    const samples = Math.max(20, foreignSeconds * 10);
    const run = async (n: number, stopAt = Number.POSITIVE_INFINITY) => {
      const out: number[] = [];
      for (let i = 0; i < n && performance.now() < stopAt; i++) {
        const t0 = performance.now();
        out.push(await once());
        const rest = 100 - (performance.now() - t0);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }
      return out;
    };
    const quiet = await run(Math.min(samples, 300));
    const foreignUrl = await recreateDatabase(serverUrl, FOREIGN_DATABASE);
    const holders = [new Client({ connectionString: foreignUrl, application_name: 'bench-foreign' }), new Client({ connectionString: url, application_name: 'bench-foreign' })];
    for (const c of holders) {
      await c.connect();
      await c.query('BEGIN');
      await c.query(`CREATE TABLE IF NOT EXISTS foreign_work (n int); INSERT INTO foreign_work VALUES (1)`);
    }
    const heldFrom = performance.now();
    log(`foreign write transactions open for ${foreignSeconds} s`);
    const firstForeign = ids.length;
    const foreign = await run(samples, heldFrom + foreignSeconds * 1000);
    // Under the rule before feed positions, which of these events would the feed have served by now?
    const [{ n: oldRuleServed }] = (await ds.query(`SELECT count(*)::int AS n FROM outbox WHERE id = ANY($1::text[]) AND tx < pg_snapshot_xmin(pg_current_snapshot())`, [ids.slice(firstForeign)])) as [{ n: number }];
    const rest = heldFrom + foreignSeconds * 1000 - performance.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    const heldSeconds = (performance.now() - heldFrom) / 1000;
    for (const c of holders) {
      await c.query('ROLLBACK');
      await c.end();
    }
    return { quiet: figures(quiet), foreign: figures(foreign), samples_each: foreign.length, held_seconds: heldSeconds, old_rule_served: oldRuleServed };
  } finally {
    await listener.stop();
    await task.stop();
  }
}
