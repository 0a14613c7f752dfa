import { type Envelope, WebhookReceiver } from '@cs/testing';
import type { Receipt } from './accounting';

/** A verified delivery: what the accounting needs, and the conversation it is about. */
export interface VerifiedReceipt extends Receipt {
  type: string;
  conversationId: string;
}

/**
 * Verifies every delivery a receiver gets within a second of its arrival, per path with that subscription's
 * secret. Verifying later would not do: standardwebhooks refuses a `webhook-timestamp` more than five minutes old,
 * so a long drill would count its early deliveries as forged.
 */
export class ReceiptBook {
  private readonly verified = new Map<string, VerifiedReceipt[]>();
  private readonly bad = new Map<string, number>();
  private seen = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly receiver: WebhookReceiver,
    private readonly secrets: Readonly<Record<string, string>>,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.catchUp(), 500);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The verified receipts of a path so far (call `catchUp` first for the very latest). */
  at(path: string): readonly VerifiedReceipt[] {
    return this.verified.get(path) ?? [];
  }

  badAt(path: string): number {
    return this.bad.get(path) ?? 0;
  }

  catchUp(): void {
    const requests = this.receiver.requests;
    for (; this.seen < requests.length; this.seen++) {
      const request = requests[this.seen]!;
      const secret = this.secrets[request.path];
      if (secret === undefined) continue;
      try {
        const envelope = WebhookReceiver.verify<Envelope>(secret, request);
        const header = request.headers['webhook-id'];
        const list = this.verified.get(request.path) ?? [];
        list.push({ eventId: envelope.id, webhookId: Array.isArray(header) ? header[0] : header, type: envelope.type, conversationId: envelope.data.id });
        this.verified.set(request.path, list);
      } catch {
        this.bad.set(request.path, this.badAt(request.path) + 1);
      }
    }
  }
}
