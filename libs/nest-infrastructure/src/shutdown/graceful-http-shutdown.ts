import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';
import { serveMetrics } from '../metrics/metrics.server';
import { ReadinessCheck } from '../readiness.check';
import { HttpDrain } from './http-drain';
import { onShutdownSignal } from './shutdown-signal';

/**
 * How long an idle keep-alive connection stays open. A proxy that pools connections to the pods (ingress-nginx
 * keeps idle upstream connections 60 s, cloud load balancers about as long) must be the side that closes them:
 * when the app closes one first (Node's default is 5 s), a request the proxy sends on it at that moment is reset,
 * and a POST is not retried. The scale benchmark saw exactly that through its pooling balancer.
 */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Listens (idle connections kept for HTTP_KEEP_ALIVE_TIMEOUT_MS), and on SIGTERM (or SIGINT) shuts down the way a Kubernetes pod must: Kubernetes removes the pod from
 * its Service endpoints concurrently with the SIGTERM, and that takes a moment. So /readyz answers 503 at once,
 * requests keep being served normally for `drainMs` (with `Connection: close`, so keep-alive clients move on),
 * then the port closes, idle connections close, requests in flight finish, and only then Nest's shutdown hooks
 * close Postgres and Redis. Used instead of `enableShutdownHooks()`, whose handler closes the port at once.
 * /metrics is served on `ports.metrics` (serveMetrics), which stays open through the drain and closes last.
 */
export async function listenWithGracefulShutdown(app: INestApplication, ports: { http: number; metrics: number }, drainMs: number): Promise<void> {
  const logger = new Logger('Shutdown');
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_TIMEOUT_MS;
  // Node wants the header timeout above the keep-alive timeout, or a slow first request line can be cut short.
  server.headersTimeout = HTTP_KEEP_ALIVE_TIMEOUT_MS + 1_000;
  await app.listen(ports.http);
  const metrics = await serveMetrics(app.get(Metrics), ports.metrics);
  const drain = new HttpDrain(server);
  const readiness = app.get(ReadinessCheck);
  // A second signal during the drain gets the default action: the process ends at once.
  onShutdownSignal(async (signal) => {
    readiness.startDraining();
    drain.begin();
    logger.log(`${signal}: /readyz answers 503; serving for ${drainMs} ms more before closing the port`);
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    logger.log(`closing the port; ${drain.pending} request(s) in flight`);
    await drain.close();
    await app.close();
    // Prometheus keeps its connection alive: closed, not waited for.
    await new Promise((resolve) => {
      metrics.close(resolve);
      metrics.closeAllConnections();
    });
    logger.log(`${signal}: stopped`);
  });
}
