import { newId } from '@cs/domain';
import { signedHeaders } from '@cs/events';
import type { DataSource } from 'typeorm';
import { openWebhookSecret } from '../webhook-secret';
import { nextRetry, parseRetryAfter } from './retry-schedule';
import type { AttemptOutcome, WebhookSender } from './webhook.sender';
import { type DeliverWebhookJob, type DeliveryQueue, scheduleAttempts } from './webhook-delivery.queue';

/** Sent with every request, so receivers (and their firewalls) can tell our calls apart. */
export const WEBHOOK_USER_AGENT = 'ConversationService-Webhooks/1.0 (+https://www.standardwebhooks.com/)';

export interface DeliverySettings {
  /** WEBHOOK_SECRET_KEY: opens the sealed signing secrets. */
  secretKey: string;
  /** WEBHOOK_TIME_SCALE: multiplies the retry schedule. */
  timeScale: number;
  /** WEBHOOK_DISABLE_AFTER_MS: an endpoint failing without a success for this long is disabled. */
  disableAfterMs: number;
}

export type AttemptResult =
  | { kind: 'succeeded' }
  | { kind: 'retrying'; delayMs: number }
  | { kind: 'failed' }
  /** The delivery is gone, finished, or already past this attempt (a duplicate job): nothing was sent. */
  | { kind: 'skipped' }
  /** The subscription was disabled before this attempt of an event delivery: it ends failed, nothing was sent. */
  | { kind: 'abandoned' };

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  origin: string;
  first_attempt_at: Date | null;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

/**
 * One attempt of one delivery: load it, sign and send it, then record the attempt, the delivery's new state and
 * the endpoint's health in one transaction, and schedule the next attempt if there is one. The HTTP call holds
 * no database connection. An attempt is recorded once (unique (delivery_id, attempt)), so a job that runs twice
 * (a worker killed after sending) sends twice at most, which is what at-least-once promises.
 */
export class DeliveryAttemptHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    private readonly sender: WebhookSender,
    private readonly settings: DeliverySettings,
    private readonly clock: () => Date = () => new Date(),
    private readonly random: () => number = Math.random,
  ) {}

  async handle(job: DeliverWebhookJob): Promise<AttemptResult> {
    const [delivery] = (await this.dataSource.query(
      `SELECT d.id, d.webhook_id, d.event_id, d.payload, d.status, d.attempts, d.origin,
              (SELECT a.started_at FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.attempt = 1) AS first_attempt_at,
              w.url, w.enabled, w.secret_sealed, w.previous_secret_sealed, w.previous_secret_expires_at
       FROM webhook_deliveries d JOIN webhooks w ON w.workspace_id = d.workspace_id AND w.id = d.webhook_id
       WHERE d.id = $1`,
      [job.deliveryId],
    )) as DeliveryRow[];
    if (!delivery || delivery.status !== 'pending' || delivery.attempts !== job.attempt - 1) return { kind: 'skipped' };
    // Redeliver and Send test event are an admin's explicit request, sent even to a disabled endpoint (so a fixed
    // endpoint can be checked before it is enabled again); events are not sent to a disabled one.
    if (!delivery.enabled && delivery.origin === 'event') {
      await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, completed_at = $2, updated_at = $2
         WHERE id = $1 AND status = 'pending'`,
        [delivery.id, this.clock()],
      );
      return { kind: 'abandoned' };
    }

    const startedAt = this.clock();
    const secrets = [openWebhookSecret(this.settings.secretKey, delivery.secret_sealed)];
    if (delivery.previous_secret_sealed && delivery.previous_secret_expires_at && delivery.previous_secret_expires_at > startedAt) {
      secrets.push(openWebhookSecret(this.settings.secretKey, delivery.previous_secret_sealed));
    }
    // The stored envelope, serialised once: these exact bytes are signed, sent and logged.
    const body = JSON.stringify(delivery.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      ...signedHeaders(secrets, delivery.event_id, body, startedAt),
    };
    const outcome = await this.sender.send({ url: delivery.url, headers, body });
    const result = this.decide(job.attempt, outcome, startedAt, delivery.first_attempt_at ?? startedAt);

    const finishedAt = new Date(startedAt.getTime() + outcome.durationMs);
    const nextAt = result.kind === 'retrying' ? new Date(finishedAt.getTime() + result.delayMs) : null;
    const status = result.kind === 'succeeded' ? 'succeeded' : result.kind === 'failed' ? 'failed' : 'pending';
    // One statement, so one round trip and atomic without a transaction: the attempt is recorded once (a
    // duplicate job inserts nothing, and then nothing else changes), the delivery moves on, and the endpoint's
    // failure run starts, ends, or disables it once it is older than WEBHOOK_DISABLE_AFTER_MS.
    const rows = (await this.dataSource.query(
      `WITH attempt AS (
         INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body,
                                       response_status, response_headers, response_body, error_kind, error_message)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (delivery_id, attempt) DO NOTHING RETURNING delivery_id
       ), delivery AS (
         UPDATE webhook_deliveries SET attempts = $3, status = $14, next_attempt_at = $15, completed_at = $16, updated_at = $17
         WHERE id = (SELECT delivery_id FROM attempt) AND status = 'pending'
         RETURNING webhook_id
       ), endpoint AS (
         UPDATE webhooks SET
           failing_since = CASE WHEN $18 THEN NULL ELSE COALESCE(failing_since, $4) END,
           enabled = CASE WHEN NOT $18 AND enabled AND COALESCE(failing_since, $4) <= $19 THEN false ELSE enabled END,
           disabled_reason = CASE WHEN NOT $18 AND enabled AND COALESCE(failing_since, $4) <= $19 THEN 'failing' ELSE disabled_reason END,
           disabled_at = CASE WHEN NOT $18 AND enabled AND COALESCE(failing_since, $4) <= $19 THEN $17 ELSE disabled_at END,
           updated_at = CASE WHEN NOT $18 AND enabled AND COALESCE(failing_since, $4) <= $19 THEN $17 ELSE updated_at END
         WHERE id = (SELECT webhook_id FROM delivery)
           AND (($18 AND failing_since IS NOT NULL) OR (NOT $18 AND (failing_since IS NULL OR (enabled AND failing_since <= $19))))
         RETURNING id
       )
       SELECT (SELECT count(*) FROM attempt)::int AS recorded`,
      [
        newId('attempt', startedAt),
        delivery.id,
        job.attempt,
        startedAt,
        outcome.durationMs,
        delivery.url,
        headers,
        body,
        outcome.status,
        outcome.headers,
        outcome.body,
        outcome.errorKind,
        outcome.errorMessage,
        status,
        nextAt,
        status === 'pending' ? null : finishedAt,
        finishedAt,
        outcome.ok,
        new Date(finishedAt.getTime() - this.settings.disableAfterMs),
      ],
    )) as Array<{ recorded: number }>;
    const recorded = rows[0]?.recorded === 1;
    if (!recorded) return { kind: 'skipped' };
    if (result.kind === 'retrying') {
      await scheduleAttempts(this.queue, [{ job: { ...job, attempt: job.attempt + 1 }, delayMs: result.delayMs }]);
    }
    return result;
  }

  private decide(attempt: number, outcome: AttemptOutcome, startedAt: Date, firstAttemptAt: Date): AttemptResult {
    if (outcome.ok) return { kind: 'succeeded' };
    const retryAfterMs = outcome.status === 429 || outcome.status === 503 ? parseRetryAfter(outcome.headers?.['retry-after'], startedAt) : null;
    const decision = nextRetry({
      attempt,
      elapsedMs: startedAt.getTime() - firstAttemptAt.getTime(),
      retryAfterMs,
      timeScale: this.settings.timeScale,
      random: this.random(),
    });
    return decision.retry ? { kind: 'retrying', delayMs: decision.delayMs } : { kind: 'failed' };
  }
}
