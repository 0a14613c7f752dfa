import type { ProblemCode } from '@cs/domain';
import { PROBLEM_STATUS } from '@cs/domain';

/** Human titles and explanations of each problem type, served at /api/v1/problems/{code}. */
export const PROBLEM_TYPES: Record<ProblemCode, { title: string; description: string }> = {
  invalid_parameter: { title: 'Invalid parameter', description: 'A query or path parameter is unknown, repeated, empty or malformed. invalid_params lists each one.' },
  invalid_cursor: { title: 'Invalid cursor', description: 'The cursor is malformed, tampered with, expired (after 24 hours), issued by another endpoint or caller, or the request changed its filters. Restart from the first page.' },
  invalid_token: { title: 'Invalid token', description: 'The bearer credential is missing, malformed, unknown, expired or revoked.' },
  insufficient_scope: { title: 'Insufficient scope', description: 'The access token lacks the scope this endpoint needs; the scope member names it.' },
  not_found: { title: 'Not found', description: 'Nothing with that id exists in the workspace, or it is not visible to the caller.' },
  method_not_allowed: { title: 'Method not allowed', description: 'The resource does not support this HTTP method.' },
  rate_limited: { title: 'Rate limited', description: 'Too many requests; wait for the number of seconds in Retry-After.' },
  internal_error: { title: 'Internal error', description: 'The service failed unexpectedly. Quote request_id when reporting it.' },
  service_unavailable: { title: 'Service unavailable', description: 'A dependency of the service is unavailable; retry later.' },
};

export const problemTypeUri = (publicApiUrl: string, code: ProblemCode): string => `${publicApiUrl}/api/v1/problems/${code}`;

export const isProblemCode = (value: string): value is ProblemCode => Object.hasOwn(PROBLEM_STATUS, value);
