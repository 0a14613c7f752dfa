import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { ReadinessCheck } from '../readiness.check';
import { HttpDrain } from './http-drain';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * Listens, and on SIGTERM (or SIGINT) shuts down the way a Kubernetes pod must: Kubernetes removes the pod from
 * its Service endpoints concurrently with the SIGTERM, and that takes a moment. So /readyz answers 503 at once,
 * requests keep being served normally for `drainMs` (with `Connection: close`, so keep-alive clients move on),
 * then the port closes, idle connections close, requests in flight finish, and only then Nest's shutdown hooks
 * close Postgres and Redis. Used instead of `enableShutdownHooks()`, whose handler closes the port at once.
 */
export async function listenWithGracefulShutdown(app: INestApplication, port: number, drainMs: number): Promise<void> {
  const logger = new Logger('Shutdown');
  await app.listen(port);
  const drain = new HttpDrain(app.getHttpServer() as Server);
  const readiness = app.get(ReadinessCheck);
  const onSignal = (signal: (typeof SIGNALS)[number]) => {
    for (const s of SIGNALS) process.removeAllListeners(s);
    // A second signal during the drain gets the default action: the process ends at once.
    void (async () => {
      readiness.startDraining();
      drain.begin();
      logger.log(`${signal}: /readyz answers 503; serving for ${drainMs} ms more before closing the port`);
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      logger.log(`closing the port; ${drain.pending} request(s) in flight`);
      await drain.close();
      await app.close();
      // Same ending as Nest's own shutdown hooks: the signal's default action, now that nothing is left to do.
      process.kill(process.pid, signal);
    })();
  };
  for (const signal of SIGNALS) process.once(signal, () => onSignal(signal));
}
