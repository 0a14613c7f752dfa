import { createHmac } from 'node:crypto';
import { CursorCodec, type CursorHolder, type CursorKey } from '@cs/paging';

/** The delivery log's filter on the page: "Failed only" includes deliveries failing and still being retried. */
export type LogFilter = 'all' | 'failing';

/**
 * The delivery-log page's "Older deliveries" link carries a signed cursor, as the REST list does (@cs/paging): bound
 * to the admin, the webhook and the filter, expiring after a day. It replaced an unsigned `?after=<time>~<id>`. The
 * key is derived from the cookie key, so the auth app needs no secret of its own for it; after a cookie-key
 * rotation, or with any cursor that does not verify, the log starts again at its newest page.
 */
export class DeliveryLogCursors {
  private readonly codec: CursorCodec;

  constructor(cookieKey: string) {
    this.codec = new CursorCodec(createHmac('sha256', cookieKey).update('delivery-log-cursor').digest('base64url'));
  }

  encode(holder: CursorHolder, webhookId: string, filter: LogFilter, key: CursorKey): string {
    return this.codec.encode(holder, route(webhookId), { status: filter }, key);
  }

  /** The position a cursor continues from, when it verifies and was issued for this filter; else undefined. */
  decode(holder: CursorHolder, webhookId: string, filter: LogFilter, cursor: unknown): CursorKey | undefined {
    if (typeof cursor !== 'string') return undefined;
    try {
      const decoded = this.codec.decode(holder, route(webhookId), cursor);
      return decoded.filters['status'] === filter ? decoded.key : undefined;
    } catch {
      return undefined;
    }
  }
}

const route = (webhookId: string) => `developer/webhooks/${webhookId}/deliveries`;
