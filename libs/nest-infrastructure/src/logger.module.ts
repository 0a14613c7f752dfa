import type { Writable } from 'node:stream';
import type { DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { serializeErrorForLog } from './error-log-serializer';
import { assignRequestId } from './request-id';
import { serializeRequestForLog, serializeResponseForLog } from './request-log-serializer';

/**
 * Stdout written synchronously, one write per line. pino's default writes it asynchronously, and a shutdown ends
 * with the signal's default action (the process is gone at once, with no 'exit' event to flush on): 20,000 lines
 * logged just before a SIGTERM, 1 reached the pipe; the api's last shutdown line was lost in 2 runs of 4. Neither
 * pino's flush(callback) nor the stream's flushSync waits for a write already handed to the OS thread pool.
 */
const STDOUT = pino.destination({ dest: 1, sync: true });

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
  return LoggerModule.forRoot({ pinoHttp: [options, destination ?? STDOUT] });
}
