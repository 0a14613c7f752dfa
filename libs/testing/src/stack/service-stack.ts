import { startTestApp, type TestAppProcess } from '../e2e/test-app';
import { ReadinessBalancer } from './readiness-balancer';
import { deleteRedisKeys } from './redis-keys';

export interface ServiceStackOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Queue prefix of this stack's processes, so stacks sharing a Redis never share queues. */
  queuePrefix: string;
  /** Replicas of each of api, processor and webhook-worker. */
  replicas: number;
  /** How often the balancer polls each api replica's /readyz; two failed polls take a replica out of rotation. */
  balancerPollMs: number;
  /** SHUTDOWN_DRAIN_MS of the api replicas: longer than two poll intervals, so the balancer moves on first. */
  drainMs: number;
  logLevel: string;
}

/** `origin`: where its HTTP port (api) or health port (workers) answers. */
export type Replica = TestAppProcess;

export type StackApp = 'api' | 'processor' | 'webhook-worker';

/** When one replica of each app was sent SIGTERM, and when the stack was whole again. */
export interface RestartTimes {
  sigtermAt: number;
  /** Every replacement healthy (the api's in the balancer's rotation) and every stopped replica exited. */
  doneAt: number;
  /** Exit of each stopped replica, by app, in ms after the SIGTERM. */
  exitMs: Record<StackApp, number>;
}

/**
 * The three scalable apps as Kubernetes would run them, built entrypoints as processes against one Postgres and
 * Redis: `replicas` of each, the api replicas behind a ReadinessBalancer (its Service). Environment is the test
 * one (NODE_ENV=test: production refuses plain-http webhook targets and the development secrets).
 */
export class ServiceStack {
  readonly balancer: ReadinessBalancer;
  readonly replicas: Record<StackApp, Replica[]> = { api: [], processor: [], 'webhook-worker': [] };
  private readonly stopped: Replica[] = [];

  private constructor(private readonly options: ServiceStackOptions) {
    this.balancer = new ReadinessBalancer({ pollIntervalMs: options.balancerPollMs });
  }

  static async start(options: ServiceStackOptions): Promise<ServiceStack> {
    const stack = new ServiceStack(options);
    await stack.balancer.start();
    try {
      for (const app of ['api', 'processor', 'webhook-worker'] as const) {
        await Promise.all(Array.from({ length: options.replicas }, () => stack.startReplica(app)));
      }
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** The public address of the api: the balancer. */
  get apiUrl(): string {
    return this.balancer.url;
  }

  /** Starts one more replica of `app`; an api replica is in rotation once this resolves. */
  async startReplica(app: StackApp): Promise<Replica> {
    const replica = await startTestApp(app, { env: this.env(app) });
    this.replicas[app].push(replica);
    if (app === 'api') {
      this.balancer.add(replica.origin);
      await this.balancer.waitUntilRouted(replica.origin);
    }
    return replica;
  }

  /** SIGTERM to the oldest replica of each app and, at the same moment, a replacement started (a pod deletion). */
  async replaceOneOfEach(): Promise<RestartTimes> {
    const sigtermAt = Date.now();
    const exitMs = {} as Record<StackApp, number>;
    await Promise.all(
      (['api', 'processor', 'webhook-worker'] as const).map(async (app) => {
        const old = this.replicas[app].shift();
        if (!old) throw new Error(`no ${app} replica to replace`);
        this.stopped.push(old);
        await Promise.all([old.stop().then(() => (exitMs[app] = Date.now() - sigtermAt)), this.startReplica(app)]);
      }),
    );
    return { sigtermAt, doneAt: Date.now(), exitMs };
  }

  /** What the replicas (and those stopped) wrote, for failure messages. */
  output(): string {
    return [...Object.values(this.replicas).flat(), ...this.stopped].map((r) => `--- ${r.name} ${r.origin}\n${r.output().slice(-3000)}`).join('\n');
  }

  async stop(): Promise<void> {
    await Promise.all(Object.values(this.replicas).flatMap((replicas) => replicas.map((r) => r.stop())));
    await this.balancer.close();
    await deleteRedisKeys(this.options.redisUrl, this.options.queuePrefix);
  }

  private env(app: StackApp): Record<string, string> {
    const o = this.options;
    const common = { NODE_ENV: 'test', DATABASE_URL: o.databaseUrl, REDIS_URL: o.redisUrl, LOG_LEVEL: o.logLevel, QUEUE_PREFIX: o.queuePrefix, PUBLIC_API_URL: this.apiUrl };
    switch (app) {
      case 'api':
        return {
          ...common,
          SHUTDOWN_DRAIN_MS: String(o.drainMs),
          CURSOR_SECRET: 'service-stack-cursor-secret-0123456789abcdefghijkl',
          // The load is not about quotas: one API key writes and reads far above the default limits.
          RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
          RATE_LIMIT_READS_PER_MINUTE: '1000000',
        };
      case 'processor':
        return { ...common, OUTBOX_RELAY_INTERVAL_MS: '100', PROCESSING_BACKOFF_MS: '200' };
      case 'webhook-worker':
        return { ...common, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RELAY_INTERVAL_MS: '100', WEBHOOK_POLL_INTERVAL_MS: '500' };
    }
  }
}
