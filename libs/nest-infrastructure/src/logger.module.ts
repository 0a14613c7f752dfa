import type { Writable } from 'node:stream';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { serializeErrorForLog } from './error-log-serializer';
import { assignRequestId } from './request-id';
import { serializeRequestForLog, serializeResponseForLog } from './request-log-serializer';

/**
 * The one logger setup of every app: pino JSON lines carrying the request id (a safe incoming X-Request-Id is
 * kept), credentials redacted from requests and responses, no query values in errors, 5xx and thrown errors at
 * error level. `destination` is for tests (default: stdout).
 */
export function loggerModule(level: string, destination?: Writable): DynamicModule {
  const options = {
    level,
    genReqId: assignRequestId,
    serializers: { req: serializeRequestForLog, res: serializeResponseForLog, err: serializeErrorForLog },
    customLogLevel: (_req: unknown, res: { statusCode: number }, err?: Error) => (err || res.statusCode >= 500 ? 'error' : 'info') as 'error' | 'info',
  };
  return LoggerModule.forRoot({ pinoHttp: destination ? [options, destination] : options });
}
