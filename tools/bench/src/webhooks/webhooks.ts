import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { newId } from '@cs/domain';
import { newWebhookSecret, sealWebhookSecret } from '@cs/events';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { backendCpuDelta, isLocalDatabase, PostgresObserver, processCpuSplit } from '../kit/pg-stats';
import { prepareAuthDatabase } from '../auth/setup';
import { databaseUrl } from '../kit/bench-database';
import { machineFacts, writeResults } from '../kit/results-file';
import { benchAppEnv } from '../kit/resource-server-env';
import { appEntry, benchStart, processCpuSeconds, type RunningServer, startServer } from '../kit/servers';
import { median, percentile } from '../kit/stats';
import { BenchReceivers } from './webhook-receivers';

/** Issue 5's targets on this 2-core machine. */
export const WEBHOOK_TARGETS = { deliveriesPerSecond: 2_000, p50Ms: 50, p99Ms: 250, isolationRatio: 0.9 };

export const WEBHOOKS_COMMAND = benchCommand('webhooks', {
  quick: '500 events, 5 s latency run: a smoke test; the targets are reported, not enforced',
  flags: {
    events: { flag: '--events', full: 2_500, quick: 500, help: 'events per throughput burst; each goes to every healthy endpoint' },
    endpoints: { flag: '--endpoints', full: 4, help: 'healthy subscriptions' },
    rate: { flag: '--rate', full: 50, help: 'events per second in the latency run' },
    latencySeconds: { flag: '--latency-seconds', full: 15, quick: 5, help: 'length of the latency run' },
    isolationRounds: { flag: '--isolation-rounds', full: 3, quick: 1, help: 'rounds of the burst beside a new endpoint that never answers; the ratio is their median' },
  },
});
export type WebhooksOptions = OptionsOf<typeof WEBHOOKS_COMMAND>;

type Out = (text: string) => void;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Burst {
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  /**
   * CPU milliseconds per delivery during the burst: the worker (user + system), the Postgres backends of the
   * bench database, and the bench process (receiver and event inserts). Null where /proc is not readable.
   * `redisShared`: the whole redis-server's, which other users of a shared Redis add to (an upper bound).
   * Less sensitive to other work on the machine than deliveries/s.
   */
  cpuMsPerDelivery: { worker: number | null; workerSystem: number | null; postgres: number | null; bench: number; redisShared: number | null };
  /** Postgres transactions per delivery (the worker's idle polling included: ~12 a second). */
  transactionsPerDelivery: number;
}

interface IsolationRound {
  healthyBefore: Burst;
  withStuck: Burst;
  healthyAfter: Burst;
  /** withStuck's deliveries/s over the mean of the healthy bursts on either side. */
  ratio: number;
  stuckRequests: number;
  /** The stuck endpoint's first attempts still put back in the queue 6 s after it was disabled. */
  firstAttemptsStillPutBack: number;
}

/** The pid of the Redis server when it runs on this machine (its CPU time is then in /proc), else null. */
async function redisServerPid(url: string): Promise<number | null> {
  if (!isLocalDatabase(url)) return null;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return Number.isInteger(pid) && processCpuSeconds(pid) !== null ? pid : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

/** `webhooks`: see tools/bench/README.md. Returns the exit code. */
export async function runWebhooks(options: WebhooksOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'webhook-worker');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;
  const loadBefore = loadavg()[0] ?? 0;
  const fixtures = await prepareAuthDatabase(serverUrl, 'cs_bench_webhooks');
  const pool = new Pool({ connectionString: fixtures.url, max: 4, application_name: 'bench' });
  const monitor = new Pool({ connectionString: databaseUrl(serverUrl, 'postgres'), max: 2, application_name: 'bench-monitor' });
  const observer = new PostgresObserver(monitor, fixtures.database, isLocalDatabase(serverUrl));
  const redisPid = await redisServerPid(redisUrl);
  const receivers = new BenchReceivers();
  await receivers.start();
  const workspaceId = fixtures.workspaceId;
  const ownerId = fixtures.user.id;
  let worker: RunningServer | undefined;
  try {
    const subscribe = async (path: string) => {
      await pool.query(
        `INSERT INTO webhooks (id, workspace_id, owner_id, url, events, secret_sealed) VALUES ($1, $2, $3, $4, $5, $6)`,
        [newId('webhook'), workspaceId, ownerId, `${receivers.baseUrl}${path}`, ['conversation.deleted'], sealWebhookSecret(DEV_WEBHOOK_SECRET_KEY, newWebhookSecret())],
      );
    };
    for (let i = 0; i < options.endpoints; i++) await subscribe(`/fast/${i}`);
    // One conversation is enough: an event carries its own envelope; the relay reads only the outbox.
    const conversationId = newId('conversation');
    await pool.query(
      `INSERT INTO conversations (id, workspace_id, owner_id, title, status, visibility, created_at, updated_at) VALUES ($1, $2, $3, 'Bench', 'ready', 'workspace', now(), now())`,
      [conversationId, workspaceId, ownerId],
    );
    /** Inserts `count` conversation.deleted events as the api's outbox writer does; returns their ids and commit time. */
    const insertEvents = async (count: number): Promise<{ ids: string[]; committedAt: number }> => {
      const ids: string[] = [];
      const now = new Date();
      const rows = Array.from({ length: count }, () => {
        const id = newId('event', now);
        ids.push(id);
        return { id, payload: { id, type: 'conversation.deleted', created_at: now.toISOString(), data: { id: conversationId, title: 'Bench', started_at: now.toISOString(), status: 'ready' } } };
      });
      await pool.query(
        `INSERT INTO outbox (id, workspace_id, topic, type, payload, created_at, audience)
         SELECT t.id, $3, 'event', 'conversation.deleted', t.payload, now(), jsonb_build_object('owner_id', $4::text, 'visibility', 'workspace')
         FROM unnest($1::text[], $2::jsonb[]) AS t(id, payload)`,
        [rows.map((r) => r.id), rows.map((r) => JSON.stringify(r.payload)), workspaceId, ownerId],
      );
      return { ids, committedAt: Date.now() };
    };

    const env = { ...benchAppEnv(fixtures.url, redisUrl), NODE_ENV: 'test', QUEUE_PREFIX: `bench-${randomBytes(4).toString('hex')}`, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
    worker = await startServer({ name: 'webhook-worker', entry: appEntry('webhook-worker'), portVariable: 'WEBHOOK_WORKER_PORT', env });
    log('webhook-worker up (production defaults but WEBHOOK_ALLOW_PRIVATE_TARGETS=true; unpinned)');

    const running = worker;
    const burst = async (label: string, expectedPerEvent: number): Promise<Burst> => {
      receivers.reset();
      const expected = options.events * expectedPerEvent;
      const workerBefore = processCpuSplit(running.pid);
      const pgBefore = await observer.backendCpu();
      const countersBefore = await observer.counters();
      const benchBefore = process.cpuUsage();
      const redisBefore = redisPid === null ? null : processCpuSeconds(redisPid);
      const started = Date.now();
      await insertEvents(options.events);
      const deadline = started + 600_000;
      while (receivers.fastRequests < expected && Date.now() < deadline) await sleep(20);
      const benchCpu = process.cpuUsage(benchBefore);
      const workerAfter = processCpuSplit(running.pid);
      const redisAfter = redisPid === null ? null : processCpuSeconds(redisPid);
      const pgAfter = await observer.backendCpu();
      // Busy backends publish their counters at most once a second.
      await sleep(1_500);
      const countersAfter = await observer.counters();
      const seconds = (receivers.lastFastAt - started) / 1000;
      const deliveries = receivers.fastRequests;
      const perDelivery = (cpuSeconds: number | null) => (cpuSeconds === null ? null : (cpuSeconds * 1000) / deliveries);
      const pgCpu = backendCpuDelta(pgBefore, pgAfter);
      const result: Burst = {
        deliveries,
        seconds,
        deliveriesPerSecond: deliveries / seconds,
        cpuMsPerDelivery: {
          worker: perDelivery(workerBefore && workerAfter ? workerAfter.user + workerAfter.system - workerBefore.user - workerBefore.system : null),
          workerSystem: perDelivery(workerBefore && workerAfter ? workerAfter.system - workerBefore.system : null),
          postgres: perDelivery(pgCpu),
          bench: (benchCpu.user + benchCpu.system) / 1000 / deliveries,
          redisShared: perDelivery(redisBefore !== null && redisAfter !== null ? redisAfter - redisBefore : null),
        },
        transactionsPerDelivery: (countersAfter.transactions - countersBefore.transactions) / deliveries,
      };
      log(`${label}: ${result.deliveries} healthy deliveries in ${seconds.toFixed(2)} s`);
      return result;
    };

    // Warm-up, one unmeasured burst: with only a few events the first measured burst still paid for the JIT and
    // for opening the worker's connections (up to half the concurrency per endpoint) and ran slower than later ones.
    await burst('warm-up burst (not measured)', options.endpoints);

    const healthy = await burst('burst, healthy endpoints only', options.endpoints);

    receivers.reset();
    log(`latency: ${options.rate} events/s for ${options.latencySeconds} s`);
    const sent = new Map<string, number>();
    const latencyEnd = Date.now() + options.latencySeconds * 1000;
    while (Date.now() < latencyEnd) {
      const tick = Date.now();
      const { ids, committedAt } = await insertEvents(1);
      for (const id of ids) sent.set(id, committedAt);
      await sleep(Math.max(0, 1000 / options.rate - (Date.now() - tick)));
    }
    await sleep(2_000);
    const latencies = [...sent].map(([id, at]) => (receivers.firstArrival.get(id) ?? Number.NaN) - at).filter(Number.isFinite).sort((a, b) => a - b);
    const lost = sent.size - latencies.length;

    // Isolation rounds: each adds a new endpoint that never answers (so each starts unknown to the worker, as the
    // first did), runs the burst beside it, disables it, leaves its last attempts 6 s to time out, and runs the
    // healthy burst again. A round's ratio compares the burst beside the stuck endpoint with the mean of the
    // healthy bursts on either side, so a machine that got busier or quieter in between (other work on the 2
    // cores) skews it less; the figure is the median of the rounds' ratios, as one 2 s burst is easily disturbed.
    // A stuck endpoint's other first attempts stay put back in the queue, spread over the minutes its slow slots
    // would need, and trickle back (to be abandoned) at about 1.6 a second: they are counted, not waited for.
    const rounds: IsolationRound[] = [];
    let healthyBefore = healthy;
    for (let round = 1; round <= options.isolationRounds; round++) {
      await subscribe(`/stuck/${round}`);
      const withStuck = await burst(`isolation round ${round}: burst, healthy endpoints plus one that never answers`, options.endpoints);
      const stuckRequests = receivers.stuckRequests;
      await pool.query(`UPDATE webhooks SET enabled = false, disabled_reason = 'manual', disabled_at = now() WHERE url LIKE $1`, [`%/stuck/${round}`]);
      await sleep(6_000);
      const putBack = await pendingFirstAttempts(pool, `%/stuck/${round}`);
      log(`isolation round ${round}: ${putBack} first attempts of the stuck endpoint still put back in the queue`);
      const healthyAfter = await burst(`isolation round ${round}: burst, healthy endpoints only, again`, options.endpoints);
      const ratio = withStuck.deliveriesPerSecond / ((healthyBefore.deliveriesPerSecond + healthyAfter.deliveriesPerSecond) / 2);
      rounds.push({ healthyBefore, withStuck, healthyAfter, ratio, stuckRequests, firstAttemptsStillPutBack: putBack });
      healthyBefore = healthyAfter;
    }

    const figures = {
      deliveriesPerSecond: healthy.deliveriesPerSecond,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      isolationRatio: median(rounds.map((r) => r.ratio)),
    };
    const verdict = (ok: boolean) => (options.quick ? 'reported' : ok ? 'met' : 'NOT MET');
    out(`webhooks (${options.events} events × ${options.endpoints} endpoints per burst; fast local receiver)`);
    out(`  deliveries/s (healthy)          ${figures.deliveriesPerSecond.toFixed(0).padStart(8)}   target ≥ ${WEBHOOK_TARGETS.deliveriesPerSecond}: ${verdict(figures.deliveriesPerSecond >= WEBHOOK_TARGETS.deliveriesPerSecond)}`);
    out(`  event → first attempt p50 (ms)  ${figures.p50.toFixed(1).padStart(8)}   target < ${WEBHOOK_TARGETS.p50Ms}: ${verdict(figures.p50 < WEBHOOK_TARGETS.p50Ms)}`);
    out(`  event → first attempt p99 (ms)  ${figures.p99.toFixed(1).padStart(8)}   target < ${WEBHOOK_TARGETS.p99Ms}: ${verdict(figures.p99 < WEBHOOK_TARGETS.p99Ms)}`);
    out(`  isolation (median of ${rounds.length} rounds)  ratio ${figures.isolationRatio.toFixed(2)} (target ≥ ${WEBHOOK_TARGETS.isolationRatio}): ${verdict(figures.isolationRatio >= WEBHOOK_TARGETS.isolationRatio)}`);
    for (const [i, r] of rounds.entries()) {
      out(
        `    round ${i + 1}: healthy ${r.healthyBefore.deliveriesPerSecond.toFixed(0)}/s, beside a timing-out endpoint ${r.withStuck.deliveriesPerSecond.toFixed(0)}/s, healthy again ${r.healthyAfter.deliveriesPerSecond.toFixed(0)}/s: ratio ${r.ratio.toFixed(2)}; ${r.stuckRequests} requests reached the stuck endpoint, ${r.firstAttemptsStillPutBack} of its first attempts put back`,
      );
    }
    const cpu = healthy.cpuMsPerDelivery;
    const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
    out(`  CPU per delivery (healthy burst, ms): worker ${ms(cpu.worker)} (system ${ms(cpu.workerSystem)}), Postgres ${ms(cpu.postgres)}, bench (receiver, inserts) ${ms(cpu.bench)}, redis-server ${ms(cpu.redisShared)} (shared: an upper bound)`);
    if (cpu.worker !== null && cpu.postgres !== null) {
      const serverSide = cpu.worker + cpu.postgres + (cpu.redisShared ?? 0);
      out(`  implied: worker alone ${(1000 / cpu.worker).toFixed(0)} deliveries/s per core; worker + Postgres + Redis on 2 cores ${((2 * 1000) / serverSide).toFixed(0)} deliveries/s`);
    }
    out(`  Postgres transactions per delivery ${healthy.transactionsPerDelivery.toFixed(3)} (idle polling included)`);
    out(`  latency run: ${latencies.length} events measured${lost > 0 ? `, ${lost} not delivered within 2 s of the run's end` : ''}`);
    const file = writeResults('webhooks', startedAt, {
      benchmark: 'webhooks',
      options,
      machine: machineFacts(null, loadBefore, loadavg()[0] ?? 0),
      targets: WEBHOOK_TARGETS,
      healthy,
      isolation_rounds: rounds,
      latency_ms: { p50: figures.p50, p99: figures.p99, samples: latencies.length, lost },
      isolation_ratio: figures.isolationRatio,
    }, {
      quick: options.quick,
      figures:
        `${figures.deliveriesPerSecond.toFixed(0)} deliveries/s; event to first attempt p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms; ` +
        `isolation ${figures.isolationRatio.toFixed(2)} (median of ${rounds.length} rounds)`,
    });
    out(`  results: ${file}`);
    return 0;
  } finally {
    await worker?.stop();
    await receivers.close();
    await pool.end();
    await monitor.end();
  }
}

/** Deliveries of the endpoints whose URL is LIKE the pattern with no attempt made yet. */
async function pendingFirstAttempts(pool: Pool, urlPattern: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE w.url LIKE $1 AND d.status = 'pending' AND d.attempts = 0`,
    [urlPattern],
  );
  return rows[0]!.n;
}
