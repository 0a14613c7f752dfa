import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The benchmark's subscribers, one local server: `/fast/<n>` answers 204 at once and records when each event
 * id first arrived; `/stuck` never answers (the worker gives up after 5 s).
 */
export class BenchReceivers {
  private server: Server | undefined;
  baseUrl = '';
  /** Per event id, the time (ms, performance.timeOrigin-based) its first request arrived, across fast paths. */
  readonly firstArrival = new Map<string, number>();
  fastRequests = 0;
  stuckRequests = 0;
  /** Time of the latest fast request (ms since epoch). */
  lastFastAt = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/stuck')) {
          this.stuckRequests++;
          return; // never answers
        }
        const now = Date.now();
        this.fastRequests++;
        this.lastFastAt = now;
        const id = String(req.headers['webhook-id']);
        if (!this.firstArrival.has(id)) this.firstArrival.set(id, now);
        res.writeHead(204).end();
      });
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.firstArrival.clear();
    this.fastRequests = 0;
    this.stuckRequests = 0;
    this.lastFastAt = 0;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}
