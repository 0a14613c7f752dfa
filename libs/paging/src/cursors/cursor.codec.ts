import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalidCursor, type Principal } from '@cs/domain';

/** Spec: cursors are not to be stored long-term. A day covers any sync run and bounds replay of a leaked cursor. */
export const CURSOR_TTL_SECONDS = 24 * 60 * 60;

export type CursorKey = (string | number)[];

interface CursorPayload {
  v: 1;
  /** The endpoint the cursor was issued by. */
  r: string;
  /** The normalized filters of the listing. */
  f: Record<string, unknown>;
  /** The keyset position: the sort values of the last row returned. */
  k: CursorKey;
  /** Expiry, unix seconds. */
  e: number;
}

/** Whom a cursor is bound to: a REST principal, or a signed-in admin on a developer page. */
export type CursorHolder = Pick<Principal, 'workspaceId' | 'userId'>;

export interface DecodedCursor {
  filters: Record<string, unknown>;
  key: CursorKey;
}

/**
 * Opaque, tamper-proof, expiring page cursors: base64url(JSON payload) "." base64url(HMAC-SHA256).
 * The MAC also covers the caller (user and workspace), so a cursor works only for whoever received it.
 */
export class CursorCodec {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
    private readonly ttlSeconds: number = CURSOR_TTL_SECONDS,
  ) {}

  encode(principal: CursorHolder, route: string, filters: Record<string, unknown>, key: CursorKey): string {
    const payload: CursorPayload = {
      v: 1,
      r: route,
      f: filters,
      k: key,
      e: Math.floor(this.now().getTime() / 1000) + this.ttlSeconds,
    };
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${body}.${this.mac(principal, body).toString('base64url')}`;
  }

  decode(principal: CursorHolder, route: string, cursor: string): DecodedCursor {
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(cursor);
    if (!match) throw invalidCursor('malformed');
    const [, body, signature] = match as unknown as [string, string, string];
    const expected = this.mac(principal, body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw invalidCursor('signature mismatch: tampered, truncated or issued to another caller');
    }
    let payload: CursorPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorPayload;
    } catch {
      throw invalidCursor('malformed');
    }
    if (payload.v !== 1 || !Array.isArray(payload.k) || typeof payload.f !== 'object' || payload.f === null) {
      throw invalidCursor('malformed');
    }
    if (payload.r !== route) throw invalidCursor('issued by another endpoint');
    if (payload.e * 1000 <= this.now().getTime()) throw invalidCursor('expired');
    return { filters: payload.f, key: payload.k };
  }

  private mac(principal: CursorHolder, body: string): Buffer {
    return createHmac('sha256', this.secret).update(`${principal.workspaceId}\n${principal.userId}\n${body}`).digest();
  }
}
