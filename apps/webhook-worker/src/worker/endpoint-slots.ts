/** An attempt (send and record) that took this long marks its endpoint slow. */
export const SLOW_ATTEMPT_MS = 1_000;

/**
 * Per-endpoint admission inside one replica, so a slow or dead endpoint (5 s a call) occupies a bounded share
 * of the worker's concurrency and the other endpoints keep their throughput. Every endpoint may use up to
 * `healthyLimit` slots; one whose last attempt was slow gets `slowLimit` until an attempt is fast again.
 */
export class EndpointSlots {
  private readonly inFlight = new Map<string, number>();
  private readonly slow = new Set<string>();

  constructor(
    private readonly healthyLimit: number,
    private readonly slowLimit: number,
  ) {}

  isSlow(webhookId: string): boolean {
    return this.slow.has(webhookId);
  }

  /** Takes a slot for the endpoint; false when it already has its share in flight. */
  tryAcquire(webhookId: string): boolean {
    const current = this.inFlight.get(webhookId) ?? 0;
    if (current >= (this.slow.has(webhookId) ? this.slowLimit : this.healthyLimit)) return false;
    this.inFlight.set(webhookId, current + 1);
    return true;
  }

  /** Frees the slot and remembers whether the endpoint was slow this time. */
  release(webhookId: string, elapsedMs: number): void {
    const current = this.inFlight.get(webhookId) ?? 0;
    if (current <= 1) this.inFlight.delete(webhookId);
    else this.inFlight.set(webhookId, current - 1);
    if (elapsedMs >= SLOW_ATTEMPT_MS) this.slow.add(webhookId);
    else this.slow.delete(webhookId);
  }
}
