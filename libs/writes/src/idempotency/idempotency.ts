import { createHash } from 'node:crypto';
import { DomainError, IDEMPOTENCY_WINDOW_SECONDS, type Principal } from '@cs/domain';
import type { Tx } from '../tx';

const KEY = /^[\x21-\x7e]{1,255}$/;

export interface WriteResponse {
  status: number;
  body: unknown;
}

export interface IdempotentRequest {
  key: string | undefined;
  method: string;
  path: string;
  /** What identifies the request beyond method and path: the parsed JSON body, or a digest of an upload. */
  fingerprint: unknown;
}

/** Canonical JSON (sorted keys), so the same body sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function validIdempotencyKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (!KEY.test(key)) {
    throw new DomainError('invalid_parameter', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      invalidParams: [{ name: 'Idempotency-Key', reason: 'must be 1 to 255 visible ASCII characters' }],
    });
  }
  return key;
}

/**
 * Runs a POST at most once per Idempotency-Key (Stripe's semantics): the key is claimed in the write's own
 * transaction, so a concurrent repeat waits for the first to commit and then replays its answer; a write that
 * fails rolls the claim back with everything else, so it can be retried with the same key. The same key with
 * another request is a 409.
 */
export async function idempotent(
  tx: Tx,
  principal: Principal,
  request: IdempotentRequest,
  now: Date,
  work: () => Promise<WriteResponse>,
): Promise<WriteResponse & { replayed: boolean }> {
  if (request.key === undefined) return { ...(await work()), replayed: false };
  const digest = createHash('sha256').update(`${request.method} ${request.path}\n${canonical(request.fingerprint)}`).digest('hex');
  const ids = [principal.workspaceId, principal.userId, request.key];
  // An expired key is forgotten first, so it can be claimed anew.
  await tx.query(`DELETE FROM idempotency_keys WHERE workspace_id = $1 AND user_id = $2 AND key = $3 AND created_at < $4`, [
    ...ids,
    new Date(now.getTime() - IDEMPOTENCY_WINDOW_SECONDS * 1000),
  ]);
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (workspace_id, user_id, key, request_digest, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING key`,
    [...ids, digest, now],
  );
  if (claimed.length === 0) {
    const [first] = await tx.query<{ request_digest: string; response_status: number; response_body: unknown }>(
      `SELECT request_digest, response_status, response_body FROM idempotency_keys WHERE workspace_id = $1 AND user_id = $2 AND key = $3`,
      ids,
    );
    if (!first || first.request_digest !== digest) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used within the last 24 hours for a different request.');
    }
    return { status: first.response_status, body: first.response_body, replayed: true };
  }
  const response = await work();
  await tx.query(`UPDATE idempotency_keys SET response_status = $4, response_body = $5 WHERE workspace_id = $1 AND user_id = $2 AND key = $3`, [
    ...ids,
    response.status,
    JSON.stringify(response.body ?? null),
  ]);
  return { ...response, replayed: false };
}
