import { commonEnv, DEV_WEBHOOK_SECRET_KEY, parseEnv, port, webhookSecretKey } from '@cs/config';
import { z } from 'zod';

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);
const flag = z.enum(['true', 'false']).default('false').transform((v) => v === 'true');

export const webhookWorkerEnv = {
  ...commonEnv,
  /** The health endpoint (/healthz, /readyz); the worker serves nothing else over HTTP. */
  WEBHOOK_WORKER_PORT: port(3003),
  /** Seals the signing secrets at rest; the same value as the api's and auth's. */
  WEBHOOK_SECRET_KEY: webhookSecretKey,
  /** Redis key prefix of the queues; lets test runs share one Redis without sharing queues. */
  QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default('cs'),
  /**
   * Attempts in flight at once in one replica (I/O-bound: waiting on subscribers, not on the CPU). 128 rather
   * than 64: the attempts in flight share their database round trips, so more of them make larger, cheaper
   * batches, and an endpoint that never answers (holding up to a quarter of the slots for its first 5 s) leaves
   * the others enough (webhooks benchmark, tools/bench/README.md).
   */
  WEBHOOK_CONCURRENCY: positiveInt(128, 1_000),
  /**
   * Attempts in flight at once to one slow endpoint (its last attempt took a second or more) in one replica;
   * more wait in the queue, so a slow endpoint holds at most this many slots and never delays the others. Any
   * endpoint may use at most a quarter of WEBHOOK_CONCURRENCY.
   */
  WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt(8, 1_000),
  /** Multiplies the retry schedule: 1 in production; e.g. 0.001 in tests, so six attempts take ~27 s. */
  WEBHOOK_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  /** An endpoint failing every attempt, with no success, for this long is disabled (default 5 days). */
  WEBHOOK_DISABLE_AFTER_MS: z.coerce.number().int().min(0).default(5 * 86_400_000),
  /** Delivery log (attempts and finished deliveries) kept this many days, then purged. */
  WEBHOOK_LOG_RETENTION_DAYS: positiveInt(30, 3_650),
  /** Lets targets resolve to private, loopback and link-local addresses: development and tests only. */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag,
  /** How often the outbox is relayed (back-to-back while there is a backlog). */
  WEBHOOK_RELAY_INTERVAL_MS: positiveInt(100, 60_000),
  /** How often due deliveries without a job are looked for (Redeliver, Send test event, lost jobs). */
  WEBHOOK_POLL_INTERVAL_MS: positiveInt(500, 60_000),
  /** How long past due a delivery the worker scheduled itself may wait for its job before it is scheduled again. */
  WEBHOOK_POLL_GRACE_MS: positiveInt(15_000, 3_600_000),
  /** How often the retention purge runs. */
  WEBHOOK_RETENTION_INTERVAL_MS: positiveInt(3_600_000, 86_400_000),
  /**
   * How long a job's lock lives without renewal: the attempt of a worker that died (SIGKILL, OOM) is taken up
   * again by another replica after this long. Renewed at half this while the worker lives.
   */
  WEBHOOK_LOCK_MS: positiveInt(30_000, 600_000),
};

export type WebhookWorkerConfig = ReturnType<typeof loadWebhookWorkerConfig>;

export function loadWebhookWorkerConfig(env: NodeJS.ProcessEnv = process.env) {
  return parseEnv(webhookWorkerEnv, env, (c) => {
    if (c.NODE_ENV !== 'production') return null;
    if (c.WEBHOOK_SECRET_KEY === DEV_WEBHOOK_SECRET_KEY) return 'WEBHOOK_SECRET_KEY: must be set in production';
    if (c.WEBHOOK_TIME_SCALE !== 1) return 'WEBHOOK_TIME_SCALE: must be 1 in production';
    if (c.WEBHOOK_ALLOW_PRIVATE_TARGETS) return 'WEBHOOK_ALLOW_PRIVATE_TARGETS: must not be true in production';
    return null;
  });
}

export const WEBHOOK_WORKER_CONFIG = Symbol('WEBHOOK_WORKER_CONFIG');
