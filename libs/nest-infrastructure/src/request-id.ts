import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REQUEST_ID_PATTERN } from '@cs/domain';

const SAFE_REQUEST_ID = new RegExp(REQUEST_ID_PATTERN);

/**
 * Honours a caller's X-Request-Id (so ids chain across services) when it is safe to log,
 * else makes one; either way it is echoed in the response and carried by every log line.
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : `req_${randomBytes(12).toString('hex')}`;
  res.setHeader('X-Request-Id', id);
  return id;
}
