import type { DataSource } from 'typeorm';
import type { AttemptErrorKind } from './webhook.sender';
import { MicroBatcher } from './micro-batcher';

/** One finished attempt, with what it changes: the delivery's new state and the endpoint's health. */
export interface AttemptRecord {
  id: string;
  deliveryId: string;
  attempt: number;
  startedAt: Date;
  durationMs: number;
  requestUrl: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  errorKind: AttemptErrorKind | null;
  errorMessage: string | null;
  /** The delivery's status after this attempt. */
  status: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
  finishedAt: Date;
  ok: boolean;
  /** The endpoint answered 410 Gone: it is disabled now, whatever its failure run. */
  gone: boolean;
  /** The endpoint is disabled when this attempt failed and its failure run started at or before this time. */
  disableBefore: Date;
}

/** Deadlock and serialization failures abort the whole statement, so it can simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_TRIES = 3;

/**
 * Writes finished attempts to the delivery log, the attempts of many concurrent jobs in one statement (a
 * write-behind batch: each caller is answered once the statement holding its row has committed, so a job is
 * acknowledged only after its attempt is durable). Per attempt, as before batching: the attempt is recorded once
 * (unique (delivery_id, attempt): a duplicate job inserts nothing and then changes nothing), the delivery moves
 * on, and the endpoint's failure run starts, ends, or disables it once it is older than WEBHOOK_DISABLE_AFTER_MS (or at once
 * on a 410 Gone).
 * Several attempts to one endpoint in a batch count as one health update: the latest to finish decides whether
 * the endpoint is failing, and a new failure run starts at the earliest failure among them.
 */
export class AttemptLogWriter {
  private readonly batcher: MicroBatcher<AttemptRecord, boolean>;

  constructor(private readonly dataSource: DataSource) {
    // One statement at a time per replica, so two batches of one replica never lock the same endpoints in
    // opposite orders; replicas can still, and a deadlock is retried.
    this.batcher = new MicroBatcher((records) => this.writeMany(records), { maxBatch: 200, maxInFlight: 1 });
  }

  /** Resolves true once the attempt is committed, false when it was already recorded (a duplicate job). */
  record(attempt: AttemptRecord): Promise<boolean> {
    return this.batcher.submit(attempt);
  }

  private async writeMany(records: AttemptRecord[]): Promise<boolean[]> {
    const key = (deliveryId: string, attempt: number) => `${deliveryId}.${attempt}`;
    // The same attempt twice in one batch (a duplicate job) is written once; the second is the duplicate.
    const unique = new Map<string, AttemptRecord>();
    for (const r of records) if (!unique.has(key(r.deliveryId, r.attempt))) unique.set(key(r.deliveryId, r.attempt), r);
    const rows = [...unique.values()];
    for (let tries = 1; ; tries++) {
      try {
        const recorded = await this.insert(rows);
        const written = new Set(recorded.map((r) => key(r.delivery_id, r.attempt)));
        // Only the first record of each key can have been written.
        return records.map((r) => unique.get(key(r.deliveryId, r.attempt)) === r && written.has(key(r.deliveryId, r.attempt)));
      } catch (error) {
        if (tries >= MAX_TRIES || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }

  private insert(rows: AttemptRecord[]): Promise<Array<{ delivery_id: string; attempt: number }>> {
    const column = <V>(pick: (r: AttemptRecord) => V) => rows.map(pick);
    const json = (value: Record<string, string> | null) => (value === null ? null : JSON.stringify(value));
    const time = (value: Date | null) => value?.toISOString() ?? null;
    return this.dataSource.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::text[], $7::jsonb[], $8::text[],
                              $9::int[], $10::jsonb[], $11::text[], $12::text[], $13::text[],
                              $14::text[], $15::timestamptz[], $16::timestamptz[], $17::boolean[], $18::timestamptz[], $19::boolean[])
           AS t(id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body,
                response_status, response_headers, response_body, error_kind, error_message,
                status, next_attempt_at, finished_at, ok, disable_before, gone)
       ), attempt AS (
         INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body,
                                       response_status, response_headers, response_body, error_kind, error_message)
         SELECT id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body,
                response_status, response_headers, response_body, error_kind, error_message
         FROM input
         ON CONFLICT (delivery_id, attempt) DO NOTHING
         RETURNING delivery_id, attempt
       ), delivery AS (
         UPDATE webhook_deliveries d
         SET attempts = i.attempt, status = i.status, next_attempt_at = i.next_attempt_at,
             completed_at = CASE WHEN i.status = 'pending' THEN NULL ELSE i.finished_at END, updated_at = i.finished_at
         FROM attempt a JOIN input i ON i.delivery_id = a.delivery_id AND i.attempt = a.attempt
         WHERE d.id = a.delivery_id AND d.status = 'pending'
         RETURNING d.webhook_id, i.ok, i.gone, i.started_at, i.finished_at, i.disable_before
       ), health AS (
         SELECT DISTINCT ON (l.webhook_id) l.webhook_id, l.ok, l.finished_at, l.disable_before,
                (SELECT min(f.started_at) FROM delivery f WHERE f.webhook_id = l.webhook_id AND NOT f.ok) AS failed_from,
                (SELECT bool_or(g.gone) FROM delivery g WHERE g.webhook_id = l.webhook_id) AS gone
         FROM delivery l
         ORDER BY l.webhook_id, l.finished_at DESC
       ), endpoint AS (
         -- The disable rule reads the row as locked (w), so an admin's concurrent change is seen: a 410 disables at
         -- once ('gone'), a failure run older than disable_before disables ('failing'), a success ends the run.
         UPDATE webhooks w SET (failing_since, enabled, disabled_reason, disabled_at, updated_at) = (
           SELECT CASE WHEN h.ok THEN NULL ELSE COALESCE(w.failing_since, h.failed_from) END,
                  w.enabled AND v.disable_as IS NULL,
                  COALESCE(v.disable_as, w.disabled_reason),
                  CASE WHEN v.disable_as IS NULL THEN w.disabled_at ELSE h.finished_at END,
                  CASE WHEN v.disable_as IS NULL THEN w.updated_at ELSE h.finished_at END
           FROM (SELECT CASE WHEN NOT w.enabled THEN NULL
                             WHEN h.gone THEN 'gone'
                             WHEN NOT h.ok AND COALESCE(w.failing_since, h.failed_from) <= h.disable_before THEN 'failing' END AS disable_as) v)
         FROM health h
         WHERE w.id = h.webhook_id
           AND ((h.gone AND w.enabled) OR (h.ok AND w.failing_since IS NOT NULL)
                OR (NOT h.ok AND (w.failing_since IS NULL OR (w.enabled AND w.failing_since <= h.disable_before))))
         RETURNING w.id
       )
       SELECT delivery_id, attempt FROM attempt`,
      [
        column((r) => r.id),
        column((r) => r.deliveryId),
        column((r) => r.attempt),
        column((r) => time(r.startedAt)),
        column((r) => r.durationMs),
        column((r) => r.requestUrl),
        column((r) => json(r.requestHeaders)),
        column((r) => r.requestBody),
        column((r) => r.responseStatus),
        column((r) => json(r.responseHeaders)),
        column((r) => r.responseBody),
        column((r) => r.errorKind),
        column((r) => r.errorMessage),
        column((r) => r.status),
        column((r) => time(r.nextAttemptAt)),
        column((r) => time(r.finishedAt)),
        column((r) => r.ok),
        column((r) => time(r.disableBefore)),
        column((r) => r.gone),
      ],
    ) as Promise<Array<{ delivery_id: string; attempt: number }>>;
  }
}
