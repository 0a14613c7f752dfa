/**
 * Per-endpoint admission inside one replica: at most `limit` attempts to the same subscription at once, so an
 * endpoint that answers slowly (or not at all, for 5 s a call) occupies a bounded share of the worker's
 * concurrency and the other endpoints keep their throughput.
 */
export class EndpointSlots {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Takes a slot for the endpoint; false when it already has `limit` attempts in flight. */
  tryAcquire(webhookId: string): boolean {
    const current = this.inFlight.get(webhookId) ?? 0;
    if (current >= this.limit) return false;
    this.inFlight.set(webhookId, current + 1);
    return true;
  }

  release(webhookId: string): void {
    const current = this.inFlight.get(webhookId) ?? 0;
    if (current <= 1) this.inFlight.delete(webhookId);
    else this.inFlight.set(webhookId, current - 1);
  }
}
