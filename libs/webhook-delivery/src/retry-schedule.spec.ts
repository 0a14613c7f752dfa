import { JITTER, MAX_ATTEMPTS, nextRetry, parseRetryAfter, RETRY_DELAYS_MS, RETRY_WINDOW_MS } from './retry-schedule';

describe('retry schedule', () => {
  const base = { elapsedMs: 0, retryAfterMs: null, timeScale: 1, random: 0.5 };

  it('is the published one: immediately, 5 s, 5 min, 30 min, 2 h, 5 h; the last attempt about 7.5 h after the first', () => {
    expect(RETRY_DELAYS_MS).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000]);
    expect(MAX_ATTEMPTS).toBe(6);
    expect(RETRY_WINDOW_MS).toBe(7 * 3_600_000 + 35 * 60_000 + 5_000);
  });

  it('waits the scheduled delay after each failed attempt and stops after the sixth', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => nextRetry({ ...base, attempt }).delayMs)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000]);
    expect(nextRetry({ ...base, attempt: 6 })).toEqual({ retry: false, delayMs: 0 });
  });

  it('spreads each delay over ±10%', () => {
    expect(JITTER).toBe(0.1);
    expect(nextRetry({ ...base, attempt: 5, random: 0 }).delayMs).toBe(16_200_000);
    expect(nextRetry({ ...base, attempt: 5, random: 0.999999 }).delayMs).toBeCloseTo(19_800_000, -2);
    const spread = new Set(Array.from({ length: 50 }, () => nextRetry({ ...base, attempt: 2, random: Math.random() }).delayMs));
    expect(spread.size).toBeGreaterThan(10);
    for (const delay of spread) expect(Math.abs(delay - 300_000)).toBeLessThanOrEqual(30_000);
  });

  it('scales the schedule with WEBHOOK_TIME_SCALE', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => nextRetry({ ...base, attempt, timeScale: 0.001 }).delayMs)).toEqual([5, 300, 1_800, 7_200, 18_000]);
  });

  it('honours a longer Retry-After, but not beyond the end of the window', () => {
    expect(nextRetry({ ...base, attempt: 1, retryAfterMs: 60_000 }).delayMs).toBe(60_000);
    // A shorter one does not bring the retry forward.
    expect(nextRetry({ ...base, attempt: 2, retryAfterMs: 1_000 }).delayMs).toBe(300_000);
    // 10 minutes before the window ends, a 1-day Retry-After waits until the window's end.
    const elapsedMs = RETRY_WINDOW_MS - 600_000;
    expect(nextRetry({ ...base, attempt: 5, elapsedMs, retryAfterMs: 86_400_000 }).delayMs).toBe(18_000_000);
    expect(nextRetry({ ...base, attempt: 4, elapsedMs: 3_600_000, retryAfterMs: 86_400_000 }).delayMs).toBe(RETRY_WINDOW_MS - 3_600_000);
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
