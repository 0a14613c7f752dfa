import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Metrics, METRICS_CONTENT_TYPE } from './metrics';

/** Answers a Prometheus scrape with the registry's text, or 500 if a collector failed. */
export function answerScrape(metrics: Metrics, res: ServerResponse): void {
  void metrics.text().then(
    (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
    () => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'metrics_failed' })),
  );
}

/**
 * GET /metrics of an HTTP app on a port of its own (METRICS_PORT), never on the app's port: no Service exposes
 * it, so no Ingress can route the internet to it (issue 19; docs/operations.md "Metrics"). Resolves once listening.
 */
export function serveMetrics(metrics: Metrics, port: number, host?: string): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && (req.url ?? '').split('?', 1)[0] === '/metrics') return answerScrape(metrics, res);
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not_found' }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
