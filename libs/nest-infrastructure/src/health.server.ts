import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics/metrics';
import { answerScrape } from './metrics/metrics.server';
import type { ReadinessCheck } from './readiness.check';

/**
 * The tiny health endpoint of a worker without an HTTP app (docs/contributing.md "Workers"): GET /healthz and GET /readyz,
 * same answers as HealthController, and GET /metrics for Prometheus. Resolves once listening; close it on shutdown.
 */
export function serveHealth(readiness: ReadinessCheck, port: number, host?: string, metrics?: Metrics): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'GET') return send(405, { status: 'method_not_allowed' });
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') {
      void readiness.isReady().then((ready) => send(ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable' }));
      return;
    }
    if (path === '/metrics' && metrics) return answerScrape(metrics, res);
    send(404, { status: 'not_found' });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
