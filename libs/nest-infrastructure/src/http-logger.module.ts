import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { assignRequestId } from './request-id';
import { serializeRequestForLog } from './request-log-serializer';

/**
 * The one logger setup of the HTTP resource servers: pino JSON lines carrying the request id (a safe incoming
 * X-Request-Id is kept), credentials redacted, 5xx and thrown errors at error level.
 */
export function httpLoggerModule(level: string): DynamicModule {
  return LoggerModule.forRoot({
    pinoHttp: {
      level,
      genReqId: assignRequestId,
      serializers: { req: serializeRequestForLog },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    },
  });
}
