import { type ArgumentsHost, Catch, type ExceptionFilter, Inject, Logger } from '@nestjs/common';
import { DomainError, problemDocument } from '@cs/domain';
import { assignRequestId, domainErrorOf, internalError } from '@cs/nest-infrastructure';
import { DATABASE_UNAVAILABLE } from '@cs/persistence';
import type { Request, Response } from 'express';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

const REALM = 'conversation-service';

function fromStatus(status: number): DomainError {
  if (status === 404) return new DomainError('not_found', 'No such resource.');
  if (status === 405) return new DomainError('method_not_allowed', 'The resource does not support this method.');
  // Raised by the body parsers before any handler runs.
  if (status === 400) return new DomainError('invalid_body', 'The request body is not well-formed (malformed JSON or multipart data, or not compressed as its Content-Encoding says).');
  if (status === 413) return new DomainError('payload_too_large', 'The request body is larger than the documented limit.');
  if (status === 415) return new DomainError('unsupported_media_type', 'The request body has a content type this endpoint does not accept.');
  return internalError();
}

/**
 * The one place errors become responses: RFC 9457 problem documents with a stable `code` and the
 * request id, RFC 6750 challenges on 401/403, and never a stack trace.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request & { id?: string }>();
    const res = host.switchToHttp().getResponse<Response>();
    const error = domainErrorOf(exception, fromStatus);
    if (error === DATABASE_UNAVAILABLE) this.logger.warn({ err: exception, requestId: req.id }, 'database unavailable or too slow');
    if (error.code === 'internal_error') this.logger.error({ err: exception, requestId: req.id }, 'unhandled error');

    const challenge = this.challenge(error);
    if (challenge) res.setHeader('WWW-Authenticate', challenge);
    if (error.extras.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.extras.retryAfterSeconds));
    // The body parsers run before the logger assigns ids, so their errors get one here.
    const requestId = String(req.id ?? res.getHeader('X-Request-Id') ?? assignRequestId(req, res));
    res.status(error.status).type('application/problem+json').send(JSON.stringify(problemDocument(error, this.config.PUBLIC_API_URL, requestId)));
  }

  private challenge(error: DomainError): string | null {
    const quote = (s: string) => s.replace(/["\\]/g, '');
    if (error.code === 'invalid_token') {
      return error.extras.credentialsMissing
        ? `Bearer realm="${REALM}"`
        : `Bearer realm="${REALM}", error="invalid_token", error_description="${quote(error.message)}"`;
    }
    if (error.code === 'insufficient_scope') {
      return `Bearer realm="${REALM}", error="insufficient_scope", scope="${quote(error.extras.scope ?? '')}"`;
    }
    return null;
  }
}
