import { randomBytes } from 'node:crypto';
import { ApiClient } from '@cs/api-client';
import { Fixtures } from '../fixtures';
import { createTestDatabase } from '../test-database';
import { type RestartTimes, ServiceStack } from './service-stack';
import { isFailure, type LoadSample, SteadyLoad, type SteadyLoadOptions } from './steady-load';
import { type Envelope, WebhookReceiver } from './webhook-receiver';
import { sleep } from '../e2e/polling';

export interface ScaleScenarioOptions extends SteadyLoadOptions {
  redisUrl: string;
  /** Replicas of each app (2 in the issue). */
  replicas: number;
  /** Load before the restarts, and after the stack is whole again. */
  beforeMs: number;
  afterMs: number;
  balancerPollMs: number;
  drainMs: number;
  /** How long, after the load, every conversation has to become ready and every event to be delivered. */
  settleTimeoutMs: number;
  logLevel?: string;
  progress?: (text: string) => void;
}

export interface ScaleReport {
  samples: LoadSample[];
  failures: LoadSample[];
  loadStartedAt: number;
  loadEndedAt: number;
  restart: RestartTimes;
  /** Conversations whose POST answered 201. */
  written: number;
  /** Written conversations still not `ready` once the stack settled (lost or stuck), with their status. */
  notReady: Array<{ id: string; status: string }>;
  /** Written conversations of which no conversation.ready event arrived at the receiver. */
  readyEventsMissing: string[];
  /** Deliveries of an event beyond its first (allowed: delivery is at least once). */
  duplicateDeliveries: number;
  deliveries: number;
  /** Deliveries whose signature did not verify with the subscription's secret (standardwebhooks). */
  badSignatures: number;
  /** Time from the end of the load until everything was ready and delivered. */
  settleMs: number;
  /** Of which: until every written conversation was ready, and until every ready event had arrived. */
  allReadyMs: number;
  allDeliveredMs: number;
  balancer: ReturnType<ServiceStack['balancer']['counts']>;
  output: string;
}

/**
 * The scaling proof (issue 7): `replicas` each of api, processor and webhook-worker on one Postgres (a database
 * of its own, dropped at the end) and Redis, a subscriber of conversation.ready, a steady load of reads and
 * writes through the balancer; in the middle one replica of each app is sent SIGTERM and replaced. Then waits for
 * quiescence and counts failed requests, conversations not ready, ready events not delivered and duplicates.
 */
export async function runScaleScenario(options: ScaleScenarioOptions): Promise<ScaleReport> {
  const progress = options.progress ?? (() => undefined);
  const db = await createTestDatabase();
  const receiver = new WebhookReceiver();
  let stack: ServiceStack | undefined;
  try {
    await receiver.start();
    const fixtures = new Fixtures(db.dataSource);
    const admin = await fixtures.member(await fixtures.workspace(), { role: 'admin' });
    const { key } = await fixtures.apiKey(admin);
    progress(`starting ${options.replicas} replicas each of api, processor and webhook-worker`);
    stack = await ServiceStack.start({
      databaseUrl: db.url,
      redisUrl: options.redisUrl,
      queuePrefix: `scale-${randomBytes(4).toString('hex')}`,
      replicas: options.replicas,
      balancerPollMs: options.balancerPollMs,
      drainMs: options.drainMs,
      logLevel: options.logLevel ?? 'warn',
    });
    const client = new ApiClient({ baseUrl: stack.apiUrl, token: key });
    const subscription = await client.request<{ secret: string }>('POST', '/api/v1/webhooks', { json: { url: `${receiver.url}/hooks`, events: ['conversation.ready'] } });
    if (subscription.status !== 201) throw new Error(`POST /webhooks answered ${subscription.status}: ${JSON.stringify(subscription.body)}`);

    const load = new SteadyLoad(client, options);
    const loadStartedAt = Date.now();
    load.start();
    progress(`load: ${options.readsPerSecond} reads/s and ${options.writesPerSecond} writes/s; restarts in ${options.beforeMs} ms`);
    await sleep(options.beforeMs);
    progress('SIGTERM to one replica of each app, replacements starting');
    const restart = await stack.replaceOneOfEach();
    progress(`stack whole again after ${restart.doneAt - restart.sigtermAt} ms (exits after SIGTERM: ${JSON.stringify(restart.exitMs)} ms)`);
    await sleep(options.afterMs);
    await load.stop();
    const loadEndedAt = Date.now();

    progress(`load over: ${load.samples.length} requests, ${load.created.length} conversations written; waiting for quiescence`);
    const delivered = () => {
      const byEvent = new Map<string, number>();
      const readyFor = new Set<string>();
      let badSignatures = 0;
      for (const request of receiver.at('/hooks')) {
        let envelope: Envelope;
        try {
          envelope = WebhookReceiver.verify(subscription.body.secret, request);
        } catch {
          badSignatures += 1;
          continue;
        }
        byEvent.set(envelope.id, (byEvent.get(envelope.id) ?? 0) + 1);
        if (envelope.type === 'conversation.ready') readyFor.add(envelope.data.id);
      }
      const duplicateDeliveries = [...byEvent.values()].reduce((sum, n) => sum + n - 1, 0);
      return { readyFor, duplicateDeliveries, badSignatures };
    };
    const statuses = async () =>
      (await db.dataSource.query<Array<{ id: string; status: string }>>(`SELECT id, status FROM conversations WHERE id = ANY($1)`, [load.created])).filter(
        (row) => row.status !== 'ready',
      );
    const deadline = loadEndedAt + options.settleTimeoutMs;
    let notReady = await statuses();
    // One pass over the deliveries per check (each is verified: HMAC per request).
    const undelivered = () => {
      const { readyFor } = delivered();
      return load.created.filter((id) => !readyFor.has(id));
    };
    let missing = undelivered();
    let allReadyMs = Number.NaN;
    let allDeliveredMs = Number.NaN;
    let reportedAt = Date.now();
    for (;;) {
      if (Date.now() - reportedAt >= 2_000) {
        reportedAt = Date.now();
        progress(`${notReady.length} not ready yet (${[...new Set(notReady.map((r) => r.status))].join(', ')}), ${missing.length} ready events not delivered yet`);
      }
      if (notReady.length === 0 && Number.isNaN(allReadyMs)) allReadyMs = Date.now() - loadEndedAt;
      if (missing.length === 0 && Number.isNaN(allDeliveredMs)) allDeliveredMs = Date.now() - loadEndedAt;
      if ((notReady.length === 0 && missing.length === 0) || Date.now() >= deadline) break;
      await sleep(200);
      notReady = await statuses();
      missing = undelivered();
    }
    const settleMs = Date.now() - loadEndedAt;
    // Lost rows would not even be listed by their id: a written id missing from the table counts as not ready.
    const found = new Set((await db.dataSource.query<Array<{ id: string }>>(`SELECT id FROM conversations WHERE id = ANY($1)`, [load.created])).map((r) => r.id));
    for (const id of load.created) if (!found.has(id)) notReady.push({ id, status: 'missing' });
    // A late redelivery (a retry of an attempt cut short by the restart) may still be on its way.
    await sleep(1_000);
    const final = delivered();
    return {
      samples: load.samples,
      failures: load.samples.filter(isFailure),
      loadStartedAt,
      loadEndedAt,
      restart,
      written: load.created.length,
      notReady,
      readyEventsMissing: missing,
      duplicateDeliveries: final.duplicateDeliveries,
      deliveries: receiver.at('/hooks').length,
      badSignatures: final.badSignatures,
      settleMs,
      allReadyMs,
      allDeliveredMs,
      balancer: stack.balancer.counts(),
      output: stack.output(),
    };
  } finally {
    await stack?.stop();
    await receiver.close();
    await db.drop();
  }
}
