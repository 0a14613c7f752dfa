import { randomBytes } from 'node:crypto';
import { deleteRedisKeys, freePort, startTestApp, type TestAppProcess } from '@cs/testing';

/** The api, and the processor while meetings are being ingested, on one database and a queue prefix of their own. */
export class RelevanceServers {
  private processor: TestAppProcess | null = null;

  private constructor(
    private readonly databaseUrl: string,
    private readonly redisUrl: string,
    private readonly queuePrefix: string,
    readonly api: TestAppProcess,
  ) {}

  /** Starts the built api (NODE_ENV=test: relevance does not depend on production settings, only on what is stored). */
  static async start(databaseUrl: string, redisUrl: string): Promise<RelevanceServers> {
    const port = await freePort();
    const common = RelevanceServers.commonEnv(databaseUrl, redisUrl, `http://127.0.0.1:${port}`);
    const queuePrefix = `relevance-${randomBytes(4).toString('hex')}`;
    const api = await startTestApp('api', {
      port,
      env: {
        ...common,
        QUEUE_PREFIX: queuePrefix,
        CURSOR_SECRET: `bench-${randomBytes(24).toString('hex')}`,
        // Ingesting and asking a thousand questions is no quota test.
        RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
        RATE_LIMIT_READS_PER_MINUTE: '1000000',
      },
    });
    return new RelevanceServers(databaseUrl, redisUrl, queuePrefix, api);
  }

  private static commonEnv(databaseUrl: string, redisUrl: string, apiUrl: string): Record<string, string> {
    return { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, PUBLIC_API_URL: apiUrl };
  }

  /** The processor, relaying the api's outbox and processing as in production, with short test intervals. */
  async startProcessor(): Promise<void> {
    if (this.processor) return;
    this.processor = await startTestApp('processor', {
      env: {
        ...RelevanceServers.commonEnv(this.databaseUrl, this.redisUrl, this.api.origin),
        QUEUE_PREFIX: this.queuePrefix,
        OUTBOX_RELAY_INTERVAL_MS: '100',
        PROCESSING_BACKOFF_MS: '200',
      },
    });
  }

  async stopProcessor(): Promise<void> {
    await this.processor?.stop();
    this.processor = null;
  }

  /** What the processor wrote, for a failure message. */
  processorOutput(): string {
    return this.processor?.output().slice(-3000) ?? '';
  }

  async stop(): Promise<void> {
    await Promise.all([this.api.stop(), this.stopProcessor()]);
    await deleteRedisKeys(this.redisUrl, this.queuePrefix);
  }
}
