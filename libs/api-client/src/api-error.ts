import type { InvalidParam, ProblemCode } from '@cs/domain';

/** An RFC 9457 problem document as the API sends it (`application/problem+json`). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  request_id: string;
  invalid_params?: InvalidParam[];
  scope?: string;
}

export function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b['code'] === 'string' && typeof b['status'] === 'number' && typeof b['type'] === 'string';
}

/** A non-2xx answer of a typed client method. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The problem document, or null when the body was something else (a proxy's HTML page, say). */
    readonly problem: Problem | null,
    readonly body: unknown,
    readonly requestId: string | null,
  ) {
    super(problem ? `${status} ${problem.code}: ${problem.detail}` : `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): ProblemCode | null {
    return this.problem?.code ?? null;
  }
}
