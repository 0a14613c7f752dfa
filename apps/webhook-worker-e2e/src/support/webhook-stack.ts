import { randomBytes } from 'node:crypto';
import { ApiClient } from '@cs/api-client';
import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { newId } from '@cs/domain';
import { type AppProcess, createTestDatabase, deleteRedisKeys, Fixtures, freePort, type Member, startAppProcess, type TestDatabase } from '@cs/testing';
import { newWebhookSecret, sealWebhookSecret } from '@cs/events';

export interface Writer extends Member {
  client: ApiClient;
}

export interface Subscription {
  id: string;
  secret: string;
}

export interface SubscribeOptions {
  url: string;
  events?: string[];
  previousSecret?: { secret: string; expiresAt: Date };
}

export interface AttemptRow {
  attempt: number;
  started_at: Date;
  duration_ms: number;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  error_kind: string | null;
  error_message: string | null;
}

export interface WebhookStack {
  readonly db: TestDatabase;
  readonly fixtures: Fixtures;
  readonly apiUrl: string;
  readonly queuePrefix: string;
  /** A new member (in a new workspace unless one is given) with an API key. */
  writer(workspace?: Member['workspace']): Promise<Writer>;
  /** A subscription row as the management side writes it: the secret sealed with sealWebhookSecret. */
  subscribe(owner: Member, options: SubscribeOptions): Promise<Subscription>;
  /** Starts a webhook-worker replica (env on top of the stack's); stopped in afterAll unless stopped before. */
  startWorker(env?: Record<string, string>): Promise<AppProcess>;
  /** Stops every webhook-worker replica started so far (SIGTERM). */
  stopWorkers(): Promise<void>;
  deliveries(webhookId: string): Promise<Array<{ id: string; event_id: string; event_type: string; status: string; attempts: number }>>;
  attempts(webhookId: string, eventId: string): Promise<AttemptRow[]>;
  /** Deletes every Redis key of this stack's queues (what a Redis restarted without its data looks like to them). */
  flushQueues(): Promise<number>;
  /** Polls `read` until `done` holds on its value; fails with the last value otherwise. */
  eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs?: number): Promise<T>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Per test file: a database of its own, the built api and processor, and webhook workers started on demand, all
 * with a queue prefix of their own (test files never share queues in the shared Redis). Registers hooks.
 */
export function useWebhookStack(options: { workerEnv?: Record<string, string> } = {}): WebhookStack {
  let db: TestDatabase | undefined;
  let fixtures: Fixtures | undefined;
  const processes: AppProcess[] = [];
  const workers: AppProcess[] = [];
  let apiUrl = '';
  const queuePrefix = `whe2e-${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: the stack's beforeAll has not run or failed`);
    return value;
  };
  const baseEnv = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: ready(db, 'The database').url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    PUBLIC_API_URL: apiUrl,
    QUEUE_PREFIX: queuePrefix,
  });

  const stack: WebhookStack = {
    get db() {
      return ready(db, 'The database');
    },
    get fixtures() {
      return ready(fixtures, 'Fixtures');
    },
    get apiUrl() {
      return apiUrl;
    },
    queuePrefix,
    async writer(workspace) {
      const member = await stack.fixtures.member(workspace ?? (await stack.fixtures.workspace()));
      const { key } = await stack.fixtures.apiKey(member);
      return { ...member, client: new ApiClient({ baseUrl: apiUrl, token: key }) };
    },
    async subscribe(owner, o) {
      const id = newId('webhook');
      const secret = newWebhookSecret();
      await stack.db.dataSource.query(
        `INSERT INTO webhooks (id, workspace_id, owner_id, url, events, secret_sealed, previous_secret_sealed, previous_secret_expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          owner.workspace.id,
          owner.user.id,
          o.url,
          o.events ?? ['conversation.ready', 'conversation.failed', 'conversation.deleted'],
          sealWebhookSecret(DEV_WEBHOOK_SECRET_KEY, secret),
          o.previousSecret ? sealWebhookSecret(DEV_WEBHOOK_SECRET_KEY, o.previousSecret.secret) : null,
          o.previousSecret?.expiresAt ?? null,
        ],
      );
      return { id, secret };
    },
    async startWorker(env = {}) {
      const port = await freePort();
      const worker = await startAppProcess({
        app: 'webhook-worker',
        healthUrl: `http://127.0.0.1:${port}/healthz`,
        env: {
          ...baseEnv(),
          WEBHOOK_WORKER_PORT: String(port),
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          WEBHOOK_RELAY_INTERVAL_MS: '50',
          WEBHOOK_POLL_INTERVAL_MS: '200',
          ...options.workerEnv,
          ...env,
        },
      });
      processes.push(worker);
      workers.push(worker);
      return worker;
    },
    async stopWorkers() {
      await Promise.all(workers.map((w) => w.stop()));
    },
    deliveries(webhookId) {
      return stack.db.dataSource.query(
        `SELECT id, event_id, event_type, status, attempts FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id`,
        [webhookId],
      );
    },
    attempts(webhookId, eventId) {
      return stack.db.dataSource.query(
        `SELECT a.attempt, a.started_at, a.duration_ms, a.request_headers, a.request_body, a.response_status, a.response_body, a.error_kind, a.error_message
         FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE d.webhook_id = $1 AND d.event_id = $2 ORDER BY a.attempt`,
        [webhookId, eventId],
      );
    },
    flushQueues() {
      return deleteRedisKeys(redisUrl, queuePrefix);
    },
    async eventually(read, done, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
        await sleep(100);
      }
    },
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    processes.push(
      await startAppProcess({
        app: 'api',
        healthUrl: `${apiUrl}/healthz`,
        // The bursts write hundreds of conversations a minute through one key; the quota is not under test here.
        env: {
          ...baseEnv(),
          API_PORT: String(port),
          CURSOR_SECRET: 'webhook-e2e-cursor-secret-0123456789abcdefghijkl',
          RATE_LIMIT_WRITES_PER_MINUTE: '100000',
          RATE_LIMIT_READS_PER_MINUTE: '100000',
        },
      }),
    );
    const processorPort = await freePort();
    processes.push(
      await startAppProcess({
        app: 'processor',
        healthUrl: `http://127.0.0.1:${processorPort}/healthz`,
        env: {
          ...baseEnv(),
          PROCESSOR_PORT: String(processorPort),
          OUTBOX_RELAY_INTERVAL_MS: '100',
          DEV_RECORDER_STEP_MS: '50',
          BOT_DISPATCH_INTERVAL_MS: '100',
          RECORDER_CALLBACK_URL: `${apiUrl}/api/v1/recorder/events`,
        },
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await stack.flushQueues().catch(() => 0);
    await db?.drop();
  }, 60_000);

  return stack;
}
