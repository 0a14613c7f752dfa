import { randomBytes } from 'node:crypto';
import { ApiClient } from '@cs/api-client';
import type { Conversation } from '@cs/domain';
import { type AppProcess, createTestDatabase, Fixtures, freePort, type Member, startAppProcess, type TestDatabase } from '@cs/testing';

export interface Writer extends Member {
  client: ApiClient;
}

export interface ProcessingStack {
  readonly db: TestDatabase;
  readonly fixtures: Fixtures;
  readonly apiUrl: string;
  /** A new workspace member with an API key. */
  writer(): Promise<Writer>;
  /** Starts a processor replica (env on top of the stack's); stopped in afterAll unless stopped before. */
  startProcessor(env?: Record<string, string>): Promise<AppProcess & { healthOrigin: string }>;
  /** Polls until the conversation is no longer pending (or the timeout passes) and returns it. */
  settled(client: ApiClient, id: string, timeoutMs?: number): Promise<Conversation>;
  /** The outbox rows of one conversation, oldest first. */
  outbox(conversationId: string): Promise<Array<{ topic: string; type: string; payload: Record<string, unknown>; audience: Record<string, unknown> | null; relayed_at: Date | null }>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Per test file: a database of its own, the built api, and processors started on demand with a queue prefix of
 * their own (so test files never share queues in the shared Redis). Registers beforeAll/afterAll hooks.
 */
export function useProcessingStack(options: { env?: Record<string, string>; processorEnv?: Record<string, string> } = {}): ProcessingStack {
  let db: TestDatabase | undefined;
  let fixtures: Fixtures | undefined;
  let api: AppProcess | undefined;
  let apiUrl = '';
  const processors: AppProcess[] = [];
  const queuePrefix = `e2e-${randomBytes(4).toString('hex')}`;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: the stack's beforeAll has not run or failed`);
    return value;
  };
  const baseEnv = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: ready(db, 'The database').url,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    ...options.env,
  });

  const stack: ProcessingStack = {
    get db() {
      return ready(db, 'The database');
    },
    get fixtures() {
      return ready(fixtures, 'Fixtures');
    },
    get apiUrl() {
      return apiUrl;
    },
    async writer() {
      const member = await stack.fixtures.member(await stack.fixtures.workspace());
      const { key } = await stack.fixtures.apiKey(member);
      return { ...member, client: new ApiClient({ baseUrl: apiUrl, token: key }) };
    },
    async startProcessor(env = {}) {
      const port = await freePort();
      const processor = await startAppProcess({
        app: 'processor',
        healthUrl: `http://127.0.0.1:${port}/healthz`,
        env: {
          ...baseEnv(),
          PROCESSOR_PORT: String(port),
          QUEUE_PREFIX: queuePrefix,
          OUTBOX_RELAY_INTERVAL_MS: '100',
          PROCESSING_BACKOFF_MS: '200',
          ...options.processorEnv,
          ...env,
        },
      });
      processors.push(processor);
      return { ...processor, healthOrigin: `http://127.0.0.1:${port}` };
    },
    async settled(client, id, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const conversation = await client.getConversation(id);
        if (conversation.status !== 'pending' || Date.now() > deadline) return conversation;
        await sleep(100);
      }
    },
    outbox(conversationId) {
      return stack.db.dataSource.query(
        `SELECT topic, type, payload, audience, relayed_at FROM outbox WHERE payload->>'conversationId' = $1 OR payload->'data'->>'id' = $1 ORDER BY created_at, id`,
        [conversationId],
      );
    },
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = await startAppProcess({
      app: 'api',
      healthUrl: `${apiUrl}/healthz`,
      env: { ...baseEnv(), API_PORT: String(port), PUBLIC_API_URL: apiUrl, CURSOR_SECRET: 'processor-e2e-cursor-secret-0123456789abcdefghij' },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), ...processors.map((p) => p.stop())]);
    await db?.drop();
  }, 60_000);

  return stack;
}
