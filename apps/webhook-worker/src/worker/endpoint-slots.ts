/** An attempt (send and record) that took this long, or is still running after it, marks its endpoint slow. */
export const SLOW_ATTEMPT_MS = 1_000;

/**
 * Per-endpoint admission inside one replica, so a slow or dead endpoint (5 s a call) occupies a bounded share
 * of the worker's concurrency and the other endpoints keep their throughput. Every endpoint may use up to
 * `healthyLimit` slots; one whose last attempt was slow, or that has an attempt in flight for longer than
 * SLOW_ATTEMPT_MS, gets `slowLimit` until an attempt is fast again. The second rule matters at the start: an
 * endpoint that never answers would otherwise take healthy slots for a whole timeout before its first attempt
 * finishes and shows it slow.
 */
export class EndpointSlots {
  /** Start times of the attempts in flight per endpoint, oldest first. */
  private readonly inFlight = new Map<string, number[]>();
  private readonly slow = new Set<string>();

  constructor(
    private readonly healthyLimit: number,
    private readonly slowLimit: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  isSlow(webhookId: string): boolean {
    if (this.slow.has(webhookId)) return true;
    const oldest = this.inFlight.get(webhookId)?.[0];
    return oldest !== undefined && this.now() - oldest >= SLOW_ATTEMPT_MS;
  }

  /** Takes a slot for the endpoint: its start time, to give back to release(); null when the endpoint has its share in flight. */
  tryAcquire(webhookId: string): number | null {
    const starts = this.inFlight.get(webhookId) ?? [];
    if (starts.length >= (this.isSlow(webhookId) ? this.slowLimit : this.healthyLimit)) return null;
    const started = this.now();
    starts.push(started);
    this.inFlight.set(webhookId, starts);
    return started;
  }

  /** Frees the slot taken at `started` and remembers whether the endpoint was slow this time. */
  release(webhookId: string, started: number): void {
    const starts = this.inFlight.get(webhookId) ?? [];
    const at = starts.indexOf(started);
    if (at >= 0) starts.splice(at, 1);
    if (starts.length === 0) this.inFlight.delete(webhookId);
    if (this.now() - started >= SLOW_ATTEMPT_MS) this.slow.add(webhookId);
    else this.slow.delete(webhookId);
  }
}
