import { HttpException } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@cs/persistence';
import { clientErrorStatusOf } from './client-error-status';

/** What an unexpected failure is answered with: a 500 that shows nothing of it. */
export const internalError = (): DomainError => new DomainError('internal_error', 'The service failed unexpectedly.');

/**
 * The DomainError an exception reaching a transport's filter stands for: a DomainError itself; Nest's HttpException
 * and the body readers' client errors by their status, through the transport's own `fromStatus`; an unreachable or
 * too slow database as DATABASE_UNAVAILABLE; anything else as internalError().
 */
export function domainErrorOf(exception: unknown, fromStatus: (status: number) => DomainError): DomainError {
  if (exception instanceof DomainError) return exception;
  if (exception instanceof HttpException) return fromStatus(exception.getStatus());
  const clientErrorStatus = clientErrorStatusOf(exception);
  if (clientErrorStatus !== undefined) return fromStatus(clientErrorStatus);
  if (isDatabaseUnavailable(exception)) return DATABASE_UNAVAILABLE;
  return internalError();
}
