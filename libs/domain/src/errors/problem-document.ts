import type { DomainError } from './domain-error';
import { PROBLEM_TYPES, problemTypeUri } from './problem-types';

/** RFC 9457 problem document, the same members the REST API sends (docs/api.md "Errors"). */
export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  invalid_params?: { name: string; reason: string }[];
  scope?: string;
}

export function problemDocument(error: DomainError, publicApiUrl: string, requestId: string): ProblemDocument {
  return {
    type: problemTypeUri(publicApiUrl, error.code),
    title: PROBLEM_TYPES[error.code].title,
    status: error.status,
    detail: error.message,
    code: error.code,
    request_id: requestId,
    ...(error.extras.invalidParams ? { invalid_params: error.extras.invalidParams } : {}),
    ...(error.extras.scope ? { scope: error.extras.scope } : {}),
  };
}
