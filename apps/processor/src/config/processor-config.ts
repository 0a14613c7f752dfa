import { RECORDER_WORK_LEASE_MS } from '@cs/recorder';
import { commonEnv, DEV_RECORDER_CALLBACK_SECRET, httpUrl, parseEnv, port, recallEnv, recorderCallbackSecret, recorderEnvProblem, recorderProvider } from '@cs/config';
import { summarizerEnv, summarizerEnvProblem } from '@cs/processing';
import { z } from 'zod';

const positiveInt = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const processorEnv = {
  ...commonEnv,
  ...summarizerEnv,
  /** The health endpoint (/healthz, /readyz); the processor serves nothing else over HTTP. */
  PROCESSOR_PORT: port(3004),
  /** Conversations processed at once by one replica (processing is CPU-bound: about one per core). */
  PROCESSOR_CONCURRENCY: positiveInt(2, 64),
  /** Attempts per conversation before it ends in `error` (the first try included). */
  PROCESSING_ATTEMPTS: positiveInt(5, 20),
  /** First retry delay; each further retry doubles it. */
  PROCESSING_BACKOFF_MS: positiveInt(2_000, 3_600_000),
  /** How often the outbox is relayed to the queue. */
  OUTBOX_RELAY_INTERVAL_MS: positiveInt(250, 60_000),
  /** How often the sweeper looks for pending work whose job was lost (Redis restarted without its data). */
  SWEEP_INTERVAL_MS: positiveInt(30_000, 3_600_000),
  /** Pending work older than this with no job in the queue is enqueued again. */
  STALE_AFTER_MS: positiveInt(60_000, 86_400_000),
  /**
   * How long a job's lock lives without renewal: a worker that died (SIGKILL, OOM) gives its job up to another
   * replica after this long, and a third of it more at most (the stalled check's period). Renewed at half this while
   * the worker lives, so only an event loop blocked for half of it loses a live job's lock; no processing step comes
   * near (a two-hour transcript's whole pipeline takes under 0.1 s).
   */
  PROCESSING_LOCK_MS: positiveInt(15_000, 3_600_000),
  /** The recorder bots are handed to at their join_at. */
  RECORDER_PROVIDER: recorderProvider,
  /** Where recorders report (the api's signed callback); defaults to {PUBLIC_API_URL}/api/v1/recorder/events. */
  RECORDER_CALLBACK_URL: httpUrl('').optional(),
  RECORDER_CALLBACK_SECRET: recorderCallbackSecret,
  /** Pause between the development recorder's reports (joining, waiting room, recording, done). */
  DEV_RECORDER_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  ...recallEnv,
  /** How often the Recall.ai work (status webhooks to apply, bots to cancel) is looked at. */
  RECALL_WORK_INTERVAL_MS: positiveInt(1_000, 60_000),
  /**
   * How long a Recall work row stays with the processor that took it (runRecorderWork): one killed while calling
   * Recall leaves the row to be taken again after this. Above the longest call with its retries.
   */
  RECALL_WORK_LEASE_MS: positiveInt(RECORDER_WORK_LEASE_MS, 3_600_000),
  /** Attempts of one call to Recall.ai on 429, 5xx and network errors (the first try included). */
  RECALL_HTTP_ATTEMPTS: positiveInt(5, 20),
  /** First retry delay of a call to Recall.ai when it sends no Retry-After; each further retry doubles it. */
  RECALL_HTTP_BACKOFF_MS: positiveInt(1_000, 600_000),
  /** How often due bots are handed to the recorder. */
  BOT_DISPATCH_INTERVAL_MS: positiveInt(1_000, 60_000),
  /** Redis key prefix of the queues; lets test runs share one Redis without sharing queues. */
  QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/).default('cs'),
};

export type ProcessorConfig = ReturnType<typeof loadProcessorConfig>;

export function loadProcessorConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = parseEnv(processorEnv, env, (c) =>
    c.NODE_ENV === 'production' && c.RECORDER_CALLBACK_SECRET === DEV_RECORDER_CALLBACK_SECRET
      ? 'RECORDER_CALLBACK_SECRET: must be set in production'
      : (recorderEnvProblem(c, { apiKey: true, webhookSecret: false }) ?? summarizerEnvProblem(c)),
  );
  return { ...config, RECORDER_CALLBACK_URL: config.RECORDER_CALLBACK_URL ?? `${config.PUBLIC_API_URL}/api/v1/recorder/events` };
}

export const PROCESSOR_CONFIG = Symbol('PROCESSOR_CONFIG');
