/**
 * Stable, snake_case problem codes (docs/api.md "Errors"). Each transport maps them once:
 * REST to RFC 9457 problem documents, MCP to tool errors.
 */
export const PROBLEM_STATUS = {
  invalid_parameter: 400,
  invalid_cursor: 400,
  invalid_body: 400,
  invalid_token: 401,
  insufficient_scope: 403,
  api_key_required: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_key_reused: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ProblemCode = keyof typeof PROBLEM_STATUS;

export interface InvalidParam {
  name: string;
  reason: string;
}

export class DomainError extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly extras: { invalidParams?: InvalidParam[]; scope?: string; credentialsMissing?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return PROBLEM_STATUS[this.code];
  }
}

export const invalidParameters = (params: InvalidParam[]): DomainError =>
  new DomainError(
    'invalid_parameter',
    params.length === 1 ? `Invalid parameter ${params[0]!.name}: ${params[0]!.reason}` : `${params.length} parameters are invalid.`,
    { invalidParams: params },
  );

export const invalidCursor = (reason: string): DomainError =>
  new DomainError('invalid_cursor', `The cursor was rejected (${reason}); restart from the first page.`, {
    invalidParams: [{ name: 'cursor', reason }],
  });

export const notFound = (what: string): DomainError => new DomainError('not_found', `No ${what} with that id exists or it is not visible to you.`);

export const invalidToken = (reason: string): DomainError => new DomainError('invalid_token', reason);

export const insufficientScope = (scope: string): DomainError =>
  new DomainError('insufficient_scope', `This request needs the ${scope} scope.`, { scope });

export const forbidden = (message: string): DomainError => new DomainError('forbidden', message);

export const conflict = (message: string): DomainError => new DomainError('conflict', message);
