import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The Prometheus exposition content type of registry.metrics(). */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** The `route` label of a request no route template matched (a 404, say): one value, however many paths. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The template among `templates` (`/a/:id/b`) that a URL's path matches, segment by segment. */
function routeTemplateMatcher(templates: readonly string[]): (url: string) => string | undefined {
  const compiled = templates.map((template) => ({ template, segments: template.split('/') }));
  return (url) => {
    const segments = (url.split('?', 1)[0] as string).split('/');
    return compiled.find(
      (route) =>
        route.segments.length === segments.length &&
        route.segments.every((expected, i) => (expected.startsWith(':') ? (segments[i] as string) !== '' : expected === segments[i])),
    )?.template;
  };
}

/** Queue states a worker reports; `waiting` is what the HPA scales on (k8s/overlays/prod). */
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
export type QueueCounts = Partial<Record<(typeof QUEUE_STATES)[number], number>>;

/**
 * One Prometheus registry per process, with the process defaults (CPU, memory, event-loop lag, GC) and the
 * service's own series, all prefixed `conversation_service_` and labelled with the app's name.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly httpShed: Counter;
  private inFlight: () => number = () => 0;
  private readonly jobDuration: Histogram<'queue' | 'outcome'>;
  private readonly queueJobs: Gauge<'queue' | 'state'>;
  private readonly queueWaiting: Gauge<'queue'>;
  private readonly queueSources = new Map<string, () => Promise<QueueCounts>>();
  private feedLag: () => Promise<number> = async () => 0;

  constructor(readonly app: string) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry, prefix: 'conversation_service_' });
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'conversation_service_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'conversation_service_http_request_duration_seconds',
      help: 'Time from request to the last byte of the answer, by method, route template and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.httpShed = new Counter({
      name: 'conversation_service_http_requests_shed_total',
      help: 'Requests refused with 429 because the replica already had as many requests in flight as it takes (MAX_IN_FLIGHT_REQUESTS).',
      registers,
    });
    const readInFlight = () => this.inFlight();
    new Gauge({
      name: 'conversation_service_http_requests_in_flight',
      help: 'Requests the replica works on now, probes and scrapes apart (what MAX_IN_FLIGHT_REQUESTS bounds).',
      registers,
      collect() {
        this.set(readInFlight());
      },
    });
    this.jobDuration = new Histogram({
      name: 'conversation_service_job_duration_seconds',
      help: 'Time a queue job took, by queue and outcome.',
      labelNames: ['queue', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    });
    const sources = this.queueSources;
    this.queueJobs = new Gauge({
      name: 'conversation_service_queue_jobs',
      help: 'Jobs in each queue by state, read from Redis when scraped.',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, counts] of sources) {
          const read = await counts();
          for (const state of QUEUE_STATES) this.set({ queue, state }, read[state] ?? 0);
        }
      },
    });
    const readFeedLag = () => this.feedLag();
    new Gauge({
      name: 'conversation_service_feed_lag_seconds',
      help: 'Age of the oldest committed event the feed sequencer has not positioned yet (0: none waits); above a second, GET /events is late.',
      registers,
      async collect() {
        this.set(await readFeedLag());
      },
    });
    this.queueWaiting = new Gauge({
      name: 'conversation_service_queue_waiting_jobs',
      help: 'Jobs waiting to be taken (the autoscaling signal of the workers).',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, counts] of sources) this.set({ queue }, (await counts()).waiting ?? 0);
      },
    });
  }

  /**
   * Express middleware: counts and times every answer by its route template, never the raw path (ids would
   * grow the series without bound and publish them). `outsideRoutes` are the templates of routes answered
   * outside Nest's router (oidc-provider's, `:name` standing for one path segment); any other request is
   * labelled `unmatched`.
   */
  httpMiddleware(outsideRoutes: readonly string[] = []) {
    const routeOf = routeTemplateMatcher(outsideRoutes);
    return (req: IncomingMessage & { route?: { path?: string }; baseUrl?: string }, res: ServerResponse, next: () => void) => {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const route = req.route?.path ? `${req.baseUrl ?? ''}${req.route.path}` : (routeOf(req.url ?? '') ?? UNMATCHED_ROUTE);
        const labels = { method: req.method ?? 'GET', route, status: String(res.statusCode) };
        this.httpRequests.inc(labels);
        this.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    };
  }

  requestShed(): void {
    this.httpShed.inc();
  }

  /** Reports the requests in flight at each scrape. */
  watchInFlight(read: () => number): void {
    this.inFlight = read;
  }

  /** Reports a queue's job counts at each scrape. */
  watchQueue(queue: string, counts: () => Promise<QueueCounts>): void {
    this.queueSources.set(queue, counts);
  }

  /** Reports the events feed's lag at each scrape (the api, which runs the feed sequencer). */
  watchFeedLag(read: () => Promise<number>): void {
    this.feedLag = read;
  }

  observeJob(queue: string, outcome: string, seconds: number): void {
    this.jobDuration.observe({ queue, outcome }, seconds);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
