/**
 * The published retry schedule (docs/api.md "Delivery"): the delay before each attempt, counted from the previous
 * one. Attempt 1 is immediate; the sixth and last comes 7 h 35 min 5 s after the first (before jitter), the
 * schedule of the Standard Webhooks reference (Svix).
 */
export const RETRY_DELAYS_MS: readonly number[] = [0, 5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/** Each delay is spread uniformly over ±JITTER of itself, so endpoints that failed together do not retry together. */
export const JITTER = 0.1;

/** From the first attempt to the last, before jitter: the window within which Retry-After is honoured. */
export const RETRY_WINDOW_MS = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);

export interface RetryDecision {
  /** False when the attempt just made was the last: the delivery ends `failed`. */
  retry: boolean;
  /** Delay until the next attempt (0 when there is none). */
  delayMs: number;
}

export interface RetryContext {
  /** The attempt that just failed (1-based). */
  attempt: number;
  /** Milliseconds since the delivery's first attempt started. */
  elapsedMs: number;
  /** Retry-After of a 429 or 503 answer, in milliseconds; null when absent or another status. */
  retryAfterMs: number | null;
  /** WEBHOOK_TIME_SCALE: multiplies every delay of the schedule (1 in production; e.g. 0.001 in tests). */
  timeScale: number;
  /** A number in [0, 1): Math.random in production, fixed in tests. */
  random: number;
}

/**
 * When the next attempt comes after a failed one. The scheduled delay (scaled, with jitter) is the minimum; a
 * Retry-After asking for more is honoured up to the end of the window (first attempt + RETRY_WINDOW_MS, scaled),
 * so a subscriber can ask for breathing room but cannot push a delivery past its last attempt.
 */
export function nextRetry(context: RetryContext): RetryDecision {
  const { attempt, elapsedMs, retryAfterMs, timeScale, random } = context;
  const base = RETRY_DELAYS_MS[attempt];
  if (base === undefined) return { retry: false, delayMs: 0 };
  const jittered = base * timeScale * (1 - JITTER + 2 * JITTER * random);
  let delay = Math.round(jittered);
  if (retryAfterMs !== null && retryAfterMs > delay) {
    const untilWindowEnd = Math.max(0, RETRY_WINDOW_MS * timeScale - elapsedMs);
    delay = Math.max(delay, Math.min(retryAfterMs, untilWindowEnd));
  }
  return { retry: true, delayMs: delay };
}

/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Null when missing or malformed; a date in the
 * past is 0.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d{1,10}$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || !/[a-z]/i.test(trimmed)) return null;
  return Math.max(0, date - now.getTime());
}
