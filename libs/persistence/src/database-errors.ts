import { DomainError } from '@cs/domain';

/**
 * Postgres error classes that say "the database cannot serve this now" rather than "this request is wrong":
 * connection exceptions (08…), insufficient resources (53…, e.g. too many connections), operator intervention
 * (57…, which includes query_canceled, raised by statement_timeout, and admin/crash shutdowns).
 */
const UNAVAILABLE_SQLSTATE_CLASSES = ['08', '53', '57'];
/**
 * Single states of other classes that mean the same: lock_not_available (55P03, raised by lock_timeout: a lock held
 * by a migration or a stuck session) and idle_in_transaction_session_timeout (25P03).
 */
const UNAVAILABLE_SQLSTATES = new Set(['55P03', '25P03']);

/** Node-level failures to reach the server, and node-postgres' pool and connection messages. */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
const UNAVAILABLE_MESSAGES = [/timeout exceeded when trying to connect/i, /connection terminated/i, /encountered a connection error and is not queryable/i];

/**
 * Whether an error thrown by a query means the database is unavailable or too slow (an answer of 503 with
 * Retry-After is right) rather than a bug. TypeORM wraps driver errors in QueryFailedError (`driverError`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const inner = (error as { driverError?: unknown }).driverError;
  if (inner !== undefined && inner !== error && isDatabaseUnavailable(inner)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2)) || UNAVAILABLE_SQLSTATES.has(code);
  if (typeof code === 'string' && UNAVAILABLE_NODE_CODES.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** The problem to answer for such an error: 503 service_unavailable, retry shortly. */
export const DATABASE_UNAVAILABLE = new DomainError('service_unavailable', 'The database is unavailable or too slow; retry shortly.', { retryAfterSeconds: 1 });
