/** How a call to a provider is retried: attempts in all (the first included), and the first backoff. */
export interface RetryPolicy {
  attempts: number;
  backoffMs: number;
  /** No single wait is longer, whatever Retry-After says (a provider asking for an hour is a failed call). */
  maxDelayMs: number;
}

/** Statuses worth another try: rate limited, a conflict Recall asks to retry, and server-side trouble. */
export function retryable(status: number): boolean {
  // 409: Recall answers it to a request racing another with the same Idempotency-Key ("retry with backoff");
  // 507: its pool of ad-hoc bots is empty for a moment.
  return status === 429 || status === 409 || status >= 500;
}

/**
 * Milliseconds to wait after failed attempt `attempt` (1 for the first): what Retry-After asks (delay-seconds or
 * an HTTP-date, RFC 9110 §10.2.3) when present and sensible, else backoffMs doubled per attempt; never more than
 * maxDelayMs. Deterministic, so the schedule can be tested and reasoned about.
 */
export function retryDelayMs(attempt: number, retryAfter: string | null, policy: RetryPolicy, now: Date): number {
  const asked = retryAfterMs(retryAfter, now);
  const delay = asked ?? policy.backoffMs * 2 ** Math.max(0, attempt - 1);
  return Math.min(delay, policy.maxDelayMs);
}

function retryAfterMs(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d{1,9}$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}
