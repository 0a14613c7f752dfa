/** An attempt (send and record) that took this long, or is still running after it, marks its endpoint slow. */
export const SLOW_ATTEMPT_MS = 1_000;
/** Shortest hold-back: a healthy endpoint that is merely busy frees a slot within milliseconds. */
export const BUSY_HOLD_BACK_MS = 25;
/** A slow endpoint's held-back attempt comes back after about one attempt timeout, when its few slots may have freed. */
export const SLOW_HOLD_BACK_MS = 5_000;
/**
 * An endpoint with its share in flight whose oldest attempt has run this long (many times a healthy endpoint's
 * p99 of a few milliseconds) is not going to free a slot soon: new attempts for it are queued already held back.
 */
export const STALLED_ATTEMPT_MS = 100;

/**
 * Per-endpoint admission inside one replica, so a slow or dead endpoint (5 s a call) occupies a bounded share
 * of the worker's concurrency and the other endpoints keep their throughput. Every endpoint may use up to
 * `healthyLimit` slots; one whose last attempt was slow, or that has an attempt in flight for longer than
 * SLOW_ATTEMPT_MS, gets `slowLimit` until an attempt is fast again. The second rule matters at the start: an
 * endpoint that never answers would otherwise take healthy slots for a whole timeout before its first attempt
 * finishes and shows it slow.
 *
 * An attempt that gets no slot is put back for a while (holdBack()). Each put-back costs a fetch and a move in
 * Redis, taken from the healthy endpoints' deliveries, so a held-back attempt should come back about when the
 * endpoint can take it: not before twice the age of its oldest attempt in flight (25 ms to 5 s; 5 s once slow),
 * and after the attempts held back before it, spaced by the endpoint's pace (attempt duration ÷ slots). A busy
 * healthy endpoint's attempts come back within milliseconds; a dead endpoint's backlog of thousands is spread
 * over the minutes its few slots need, and each attempt is fetched about once, not every few seconds.
 */
export class EndpointSlots {
  /** Start times of the attempts in flight per endpoint, oldest first. */
  private readonly inFlight = new Map<string, number[]>();
  /** Endpoints whose last attempt was slow, with its duration. */
  private readonly slowDurations = new Map<string, number>();
  /** Per endpoint, the earliest time the next held-back attempt may come back (the end of its queue of put-backs). */
  private readonly nextReturn = new Map<string, number>();

  constructor(
    private readonly healthyLimit: number,
    private readonly slowLimit: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  isSlow(webhookId: string): boolean {
    return this.slowDurations.has(webhookId) || this.oldestAttemptAge(webhookId) >= SLOW_ATTEMPT_MS;
  }

  /** Takes a slot for the endpoint: its start time, to give back to release(); null when the endpoint has its share in flight. */
  tryAcquire(webhookId: string): number | null {
    const starts = this.inFlight.get(webhookId) ?? [];
    if (starts.length >= this.limit(webhookId)) return null;
    const started = this.now();
    starts.push(started);
    this.inFlight.set(webhookId, starts);
    return started;
  }

  /** Frees the slot taken at `started` and remembers whether the endpoint was slow this time. */
  release(webhookId: string, started: number): void {
    const now = this.now();
    const starts = this.inFlight.get(webhookId) ?? [];
    const at = starts.indexOf(started);
    if (at >= 0) starts.splice(at, 1);
    if (starts.length === 0) this.inFlight.delete(webhookId);
    const slow = now - started >= SLOW_ATTEMPT_MS;
    if (slow) this.slowDurations.set(webhookId, now - started);
    else this.slowDurations.delete(webhookId);
    // An endpoint fast again starts a new queue of put-backs at its new pace (those already put back keep their time).
    if (!slow || (this.nextReturn.get(webhookId) ?? 0) <= now) this.nextReturn.delete(webhookId);
  }

  /** For an attempt that got no slot: in how many milliseconds it should be tried again. Takes its place in the endpoint's queue of put-backs. */
  holdBack(webhookId: string): number {
    const now = this.now();
    const age = this.oldestAttemptAge(webhookId);
    const earliest = now + (this.isSlow(webhookId) ? SLOW_HOLD_BACK_MS : Math.min(SLOW_HOLD_BACK_MS, Math.max(BUSY_HOLD_BACK_MS, 2 * age)));
    const returnAt = Math.max(earliest, this.nextReturn.get(webhookId) ?? 0);
    const attemptDuration = Math.max(BUSY_HOLD_BACK_MS, age, this.slowDurations.get(webhookId) ?? 0);
    this.nextReturn.set(webhookId, returnAt + attemptDuration / this.limit(webhookId));
    return Math.ceil(returnAt - now);
  }

  /**
   * For a new attempt, before it is queued: 0 unless the endpoint has its share in flight and the oldest of those
   * has run STALLED_ATTEMPT_MS (so a healthy endpoint's attempts are never delayed); else, as holdBack(), how long
   * to queue it held back.
   */
  stalledHoldBack(webhookId: string): number {
    const inFlight = this.inFlight.get(webhookId)?.length ?? 0;
    if (inFlight < this.limit(webhookId) || this.oldestAttemptAge(webhookId) < STALLED_ATTEMPT_MS) return 0;
    return this.holdBack(webhookId);
  }

  private limit(webhookId: string): number {
    return this.isSlow(webhookId) ? this.slowLimit : this.healthyLimit;
  }

  private oldestAttemptAge(webhookId: string): number {
    const oldest = this.inFlight.get(webhookId)?.[0];
    return oldest === undefined ? 0 : this.now() - oldest;
  }
}
