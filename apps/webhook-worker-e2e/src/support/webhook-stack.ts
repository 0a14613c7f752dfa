import { randomBytes } from 'node:crypto';
import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { newId } from '@cs/domain';
import { ApiStack, deleteRedisKeys, eventually, type Member, type TestAppProcess, testRedisUrl } from '@cs/testing';
import { newWebhookSecret, sealWebhookSecret } from '@cs/events';

export type { Writer } from '@cs/testing';

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

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
}

/**
 * Per test file: a database of its own, the built api and processor, and webhook workers started on demand, all
 * with a queue prefix of their own (test files never share queues in the shared Redis). Registers hooks.
 */
export class WebhookStack extends ApiStack {
  readonly queuePrefix = `whe2e-${randomBytes(4).toString('hex')}`;
  private readonly workers: TestAppProcess[] = [];
  /** Polls `read` until `done` holds on its value; fails with the last value otherwise. */
  readonly eventually = eventually;

  constructor(private readonly options: { workerEnv?: Record<string, string> } = {}) {
    super();
    beforeAll(async () => {
      // The bursts write hundreds of conversations a minute through one key; the quota is not under test here.
      await this.startApi({
        CURSOR_SECRET: 'webhook-e2e-cursor-secret-0123456789abcdefghijkl',
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_READS_PER_MINUTE: '100000',
      });
      await this.start('processor', {
        env: {
          OUTBOX_RELAY_INTERVAL_MS: '100',
          DEV_RECORDER_STEP_MS: '50',
          BOT_DISPATCH_INTERVAL_MS: '100',
          RECORDER_CALLBACK_URL: `${this.apiUrl}/api/v1/recorder/events`,
        },
      });
      // The next file starts from queues as empty as this one found them.
      this.onStop(() => this.flushQueues());
    }, 120_000);
  }

  override env(): Record<string, string> {
    return { ...super.env(), PUBLIC_API_URL: this.apiUrl, QUEUE_PREFIX: this.queuePrefix };
  }

  /** A subscription row as the management side writes it: the secret sealed with sealWebhookSecret. */
  async subscribe(owner: Member, o: SubscribeOptions): Promise<Subscription> {
    const id = newId('webhook');
    const secret = newWebhookSecret();
    await this.db.dataSource.query(
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
  }

  /** Starts a webhook-worker replica (env on top of the stack's); stopped in afterAll unless stopped before. */
  async startWorker(env: Record<string, string> = {}): Promise<TestAppProcess> {
    const worker = await this.start('webhook-worker', {
      env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RELAY_INTERVAL_MS: '50', WEBHOOK_POLL_INTERVAL_MS: '200', ...this.options.workerEnv, ...env },
    });
    this.workers.push(worker);
    return worker;
  }

  /** Stops every webhook-worker replica started so far (SIGTERM). */
  async stopWorkers(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop()));
  }

  deliveries(webhookId: string): Promise<DeliveryRow[]> {
    return this.db.dataSource.query(
      `SELECT id, event_id, event_type, status, attempts FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id`,
      [webhookId],
    );
  }

  attempts(webhookId: string, eventId: string): Promise<AttemptRow[]> {
    return this.db.dataSource.query(
      `SELECT a.attempt, a.started_at, a.duration_ms, a.request_headers, a.request_body, a.response_status, a.response_body, a.error_kind, a.error_message
       FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
       WHERE d.webhook_id = $1 AND d.event_id = $2 ORDER BY a.attempt`,
      [webhookId, eventId],
    );
  }

  /** Deletes every Redis key of this stack's queues (what a Redis restarted without its data looks like to them). */
  flushQueues(): Promise<number> {
    return deleteRedisKeys(testRedisUrl(), this.queuePrefix);
  }
}

export const useWebhookStack = (options?: { workerEnv?: Record<string, string> }): WebhookStack => new WebhookStack(options);
