import { type ArgumentsHost, Catch, type ExceptionFilter, Inject, Logger } from '@nestjs/common';
import { DomainError, problemDocument } from '@cs/domain';
import { domainErrorOf, internalError } from '@cs/nest-infrastructure';
import { DATABASE_UNAVAILABLE } from '@cs/persistence';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/mcp-auth.guard';
import { MCP_SCOPES } from '../auth/protected-resource.controller';
import { MCP_CONFIG, type McpConfig } from '../config/mcp-config';

function fromStatus(status: number): DomainError {
  if (status === 404) return new DomainError('not_found', 'No such resource.');
  if (status === 405) return new DomainError('method_not_allowed', 'The resource does not support this method.');
  // Body parser failures (malformed JSON, too large, not compressed as its Content-Encoding says) are the client's.
  if (status === 400 || status === 413) return new DomainError('invalid_parameter', 'The request body is not a valid JSON-RPC message.');
  if (status === 415) return new DomainError('unsupported_media_type', 'The request body has an encoding or charset this server does not read.');
  return internalError();
}

const quote = (s: string) => s.replace(/["\\]/g, '');

/**
 * HTTP-level errors of the MCP server as RFC 9457 problem documents (tool errors are tool results instead), with
 * the challenges of the MCP authorization spec: a 401 names the resource metadata and the scopes to ask for; a
 * 403 names the scopes to step up to, the ones already granted plus the missing one.
 */
@Catch()
export class McpProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('McpProblemFilter');

  constructor(@Inject(MCP_CONFIG) private readonly config: McpConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const error = domainErrorOf(exception, fromStatus);
    if (error === DATABASE_UNAVAILABLE) this.logger.warn({ err: exception, requestId: req.id }, 'database unavailable or too slow');
    if (error.code === 'internal_error') this.logger.error({ err: exception, requestId: req.id }, 'unhandled error');
    const challenge = this.challenge(error, req);
    if (challenge) res.setHeader('WWW-Authenticate', challenge);
    if (error.code === 'method_not_allowed') res.setHeader('Allow', 'POST');
    if (error.extras.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.extras.retryAfterSeconds));
    const requestId = String(req.id ?? res.getHeader('X-Request-Id') ?? '');
    res.status(error.status).type('application/problem+json').send(JSON.stringify(problemDocument(error, this.config.PUBLIC_API_URL, requestId)));
  }

  private challenge(error: DomainError, req: AuthenticatedRequest): string | null {
    const metadata = `resource_metadata="${this.config.RESOURCE_METADATA_URL}"`;
    if (error.code === 'invalid_token') {
      const scope = `scope="${MCP_SCOPES.join(' ')}"`;
      return error.extras.credentialsMissing
        ? `Bearer ${metadata}, ${scope}`
        : `Bearer error="invalid_token", error_description="${quote(error.message)}", ${metadata}, ${scope}`;
    }
    if (error.code === 'insufficient_scope') {
      const scopes = new Set<string>([...(req.user?.scopes ?? []), ...(error.extras.scope ? [error.extras.scope] : [])]);
      return `Bearer error="insufficient_scope", scope="${quote([...scopes].join(' '))}", ${metadata}, error_description="${quote(error.message)}"`;
    }
    return null;
  }
}
