import { inMebibytes, JSON_BODY_MAX_BYTES, RECALL_WEBHOOK_BODY_MAX_BYTES, UPLOAD_MAX_BYTES } from '../rules/body-limits';
import { PROBLEM_STATUS, type ProblemCode } from './domain-error';

/** Human titles and explanations of each problem type, served at /api/v1/problems/{code}. */
export const PROBLEM_TYPES: Record<ProblemCode, { title: string; description: string }> = {
  invalid_parameter: { title: 'Invalid parameter', description: 'A query or path parameter is unknown, repeated, empty or malformed. invalid_params lists each one.' },
  invalid_cursor: { title: 'Invalid cursor', description: 'The cursor is malformed, tampered with, expired (after 24 hours), issued by another endpoint or caller, or the request changed its filters. Restart from the first page.' },
  invalid_body: { title: 'Invalid body', description: 'The request body is not well-formed JSON (or multipart form data where a file is expected), or is not the kind of value the endpoint takes.' },
  api_key_required: { title: 'API key required', description: 'Writes accept API keys only; OAuth access tokens are read-only.' },
  forbidden: { title: 'Forbidden', description: 'The caller can see the resource but may not change it: conversations and folders are changed by their owner only, webhooks are managed by workspace admins only. The MCP server also answers it to a request from a browser page whose Origin it does not allow.' },
  idempotency_key_reused: { title: 'Idempotency key reused', description: 'The Idempotency-Key was already used within 24 hours for a different request (another method, path or body). Use a new key for a new request.' },
  conflict: { title: 'Conflict', description: 'The change conflicts with the current state (a tag name already taken, a folder that is not empty, a folder moved into itself); detail says which.' },
  payload_too_large: { title: 'Payload too large', description: `The body exceeds the documented limit: ${inMebibytes(JSON_BODY_MAX_BYTES)} for JSON, ${inMebibytes(UPLOAD_MAX_BYTES)} for an uploaded file, ${inMebibytes(RECALL_WEBHOOK_BODY_MAX_BYTES)} for Recall.ai's status webhooks.` },
  unsupported_media_type: { title: 'Unsupported media type', description: 'The Content-Type is not one the endpoint accepts (application/json, or multipart/form-data for file uploads), or the uploaded file is not PDF, DOCX, PPTX, TXT or MD.' },
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
