import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, so a proxy never forwards them. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

interface Backend {
  origin: string;
  /** In rotation: its last poll answered 200, or fewer than `failureThreshold` polls in a row have failed since. */
  ready: boolean;
  failures: number;
  routed: number;
}

export interface ReadinessBalancerOptions {
  /** How often each backend's /readyz is polled (periodSeconds). */
  pollIntervalMs: number;
  /** A poll that has not answered by then failed (timeoutSeconds; 3 s in our manifests). */
  timeoutMs?: number;
  /** Consecutive failed polls that take a backend out of rotation (failureThreshold; 2 in our manifests). */
  failureThreshold?: number;
}

export interface BalancerCounts {
  /** Requests sent to each backend (by origin), the removed ones included. */
  routed: Record<string, number>;
  /** Requests answered 503 because no backend was ready. */
  noBackend: number;
  /** Requests answered 502 because the backend failed them (connection refused, reset…); never retried. */
  upstreamErrors: number;
}

/**
 * A round-robin HTTP load balancer that behaves like a Kubernetes Service in front of replicas: a backend comes
 * into rotation when a poll of its /readyz answers 200 and leaves it after `failureThreshold` failed polls in a
 * row (the readiness probe's rules), connections to backends are kept alive, and a failed request is NOT retried
 * elsewhere: the client sees a 502, so a replica that drops requests while stopping shows.
 */
export class ReadinessBalancer {
  private readonly backends: Backend[] = [];
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly pollAgent = new Agent({ keepAlive: false });
  private server: Server | undefined;
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private noBackend = 0;
  private upstreamErrors = 0;
  url = '';

  private readonly pollIntervalMs: number;
  private readonly timeoutMs: number;
  private readonly failureThreshold: number;

  constructor(options: ReadinessBalancerOptions) {
    this.pollIntervalMs = options.pollIntervalMs;
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.failureThreshold = options.failureThreshold ?? 2;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.route(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const poll = () => {
      void Promise.all(this.backends.map((b) => this.probe(b))).finally(() => {
        if (this.server) this.timer = setTimeout(poll, this.pollIntervalMs);
      });
    };
    poll();
  }

  /** Adds a backend, unready until its first poll answers 200 (like a new pod's endpoint). */
  add(origin: string): void {
    this.backends.push({ origin, ready: false, failures: 0, routed: 0 });
  }

  /** Backends that get requests right now. */
  readyBackends(): string[] {
    return this.backends.filter((b) => b.ready).map((b) => b.origin);
  }

  /** Resolves once `origin` is in rotation (after a poll saw it ready). */
  async waitUntilRouted(origin: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.readyBackends().includes(origin)) {
      if (Date.now() > deadline) throw new Error(`${origin} did not come into rotation within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  counts(): BalancerCounts {
    return {
      routed: Object.fromEntries(this.backends.map((b) => [b.origin, b.routed])),
      noBackend: this.noBackend,
      upstreamErrors: this.upstreamErrors,
    };
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    clearTimeout(this.timer);
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    this.agent.destroy();
    this.pollAgent.destroy();
  }

  private probe(backend: Backend): Promise<void> {
    return new Promise((resolve) => {
      const failed = () => {
        backend.failures += 1;
        if (backend.failures >= this.failureThreshold) backend.ready = false;
        resolve();
      };
      const req = request(`${backend.origin}/readyz`, { agent: this.pollAgent, timeout: this.timeoutMs }, (res) => {
        res.resume();
        if (res.statusCode !== 200) return failed();
        backend.failures = 0;
        backend.ready = true;
        resolve();
      });
      req.on('timeout', () => req.destroy());
      req.on('error', failed);
      req.end();
    });
  }

  private pick(): Backend | undefined {
    const ready = this.backends.filter((b) => b.ready);
    if (ready.length === 0) return undefined;
    this.next = (this.next + 1) % ready.length;
    return ready[this.next];
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const backend = this.pick();
    if (!backend) {
      this.noBackend += 1;
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('no ready backend\n');
      return;
    }
    backend.routed += 1;
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const upstream = request(`${backend.origin}${req.url ?? '/'}`, { method: req.method, headers, agent: this.agent }, (answer) => {
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, answerHeaders);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      this.upstreamErrors += 1;
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`backend ${backend.origin} failed: ${error.code ?? error.message}\n`);
    });
    req.pipe(upstream);
  }
}
