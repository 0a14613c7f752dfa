import { newId } from '@cs/domain';
import { signedHeaders } from '@cs/events';
import type { DataSource } from 'typeorm';
import { AttemptLogWriter } from './attempt-log.writer';
import { DeliveryRowLoader } from './delivery-row.loader';
import type { EndpointPace } from './endpoint-pace';
import { OpenedSecrets } from './opened-secrets';
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
  /** The endpoint answered 410 Gone: the delivery failed and the endpoint is disabled (`disabled_reason: gone`). */
  | { kind: 'gone' }
  /** The delivery is gone, finished, or already past this attempt (a duplicate job): nothing was sent. */
  | { kind: 'skipped' }
  /** The subscription was disabled before this attempt of an event delivery: it ends failed, nothing was sent. */
  | { kind: 'abandoned' }
  /** The endpoint's rate limit: this attempt's turn is `waitMs` away; nothing was sent, the job waits and comes back. */
  | { kind: 'paced'; waitMs: number };

/**
 * One attempt of one delivery: load it, sign and send it, then record the attempt, the delivery's new state and
 * the endpoint's health in one statement, and schedule the next attempt if there is one. The load and the record
 * are shared with the other attempts in flight (DeliveryRowLoader, AttemptLogWriter: one round trip for many
 * jobs), and the attempt returns only once its record is committed. The HTTP call holds no database connection. An attempt is recorded once (unique (delivery_id, attempt)), so a job that runs twice
 * (a worker killed after sending) sends twice at most, which is what at-least-once promises.
 */
export class DeliveryAttemptHandler {
  private readonly rows: DeliveryRowLoader;
  private readonly log: AttemptLogWriter;
  private readonly secrets: OpenedSecrets;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    private readonly sender: WebhookSender,
    /** Keeps endpoints' rate limits across replicas. */
    private readonly pace: EndpointPace,
    private readonly settings: DeliverySettings,
    private readonly clock: () => Date = () => new Date(),
    private readonly random: () => number = Math.random,
  ) {
    this.rows = new DeliveryRowLoader(dataSource);
    this.log = new AttemptLogWriter(dataSource);
    this.secrets = new OpenedSecrets(settings.secretKey);
  }

  async handle(job: DeliverWebhookJob): Promise<AttemptResult> {
    const delivery = await this.rows.load(job.deliveryId);
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

    if (delivery.rate_limit_per_second !== null && !job.paced) {
      const waitMs = await this.pace.reserve(delivery.webhook_id, delivery.rate_limit_per_second);
      if (waitMs > 0) return { kind: 'paced', waitMs };
    }

    const startedAt = this.clock();
    const secrets = [this.secrets.open(delivery.secret_sealed)];
    if (delivery.previous_secret_sealed && delivery.previous_secret_expires_at && delivery.previous_secret_expires_at > startedAt) {
      secrets.push(this.secrets.open(delivery.previous_secret_sealed));
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
    const recorded = await this.log.record({
      id: newId('attempt', startedAt),
      deliveryId: delivery.id,
      attempt: job.attempt,
      startedAt,
      durationMs: outcome.durationMs,
      requestUrl: delivery.url,
      requestHeaders: headers,
      requestBody: body,
      responseStatus: outcome.status,
      responseHeaders: outcome.headers,
      responseBody: outcome.body,
      errorKind: outcome.errorKind,
      errorMessage: outcome.errorMessage,
      status: result.kind === 'succeeded' ? 'succeeded' : result.kind === 'retrying' ? 'pending' : 'failed',
      nextAttemptAt: result.kind === 'retrying' ? new Date(finishedAt.getTime() + result.delayMs) : null,
      finishedAt,
      ok: outcome.ok,
      gone: result.kind === 'gone',
      disableBefore: new Date(finishedAt.getTime() - this.settings.disableAfterMs),
    });
    if (!recorded) return { kind: 'skipped' };
    if (result.kind === 'retrying') {
      await scheduleAttempts(this.queue, [{ job: { ...job, attempt: job.attempt + 1 }, delayMs: result.delayMs }]);
    }
    return result;
  }

  private decide(attempt: number, outcome: AttemptOutcome, startedAt: Date, firstAttemptAt: Date): AttemptResult {
    if (outcome.ok) return { kind: 'succeeded' };
    // Standard Webhooks: "a 410 Gone means the endpoint no longer exists and the sender should disable it".
    if (outcome.status === 410) return { kind: 'gone' };
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
