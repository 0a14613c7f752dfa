import type { ApiClient } from '@cs/api-client';

export type LoadKind = 'list' | 'retrieve' | 'create' | 'update';

/** One client request: when it started, how long it took, and how it ended. */
export interface LoadSample {
  kind: LoadKind;
  startedAt: number;
  ms: number;
  /** The HTTP status, or null when the request failed without one (connection refused, reset…). */
  status: number | null;
  error?: string;
}

const EXPECTED: Record<LoadKind, number> = { list: 200, retrieve: 200, create: 201, update: 200 };

/** A sample that counts as a failed client request (anything but the status the call answers when it works). */
export const isFailure = (sample: LoadSample): boolean => sample.status !== EXPECTED[sample.kind];

export interface SteadyLoadOptions {
  /** Reads started per second: a list, or a retrieve of a conversation written earlier, in turn. */
  readsPerSecond: number;
  /** Conversations written per second (POST /conversations with a transcript). */
  writesPerSecond: number;
  /** Title PATCHes per second (none unless given), each to a conversation written earlier and not yet patched, so
   * every acknowledged title can be checked afterwards. */
  updatesPerSecond?: number;
  /** No more than this many requests at once (48): a stalled stack slows the load instead of piling it up, and one
   * replica alone stays under its MAX_IN_FLIGHT_REQUESTS (64), which would shed the excess with 429s. */
  maxInFlight?: number;
}

const TRANSCRIPT = {
  type: 'transcript',
  segments: Array.from({ length: 12 }, (_, i) => ({
    speaker: i % 2 === 0 ? 'Ada' : 'Grace',
    start_seconds: i * 10,
    end_seconds: i * 10 + 9,
    text: `Point ${i + 1} about the rollout: replicas drain before they stop, and nothing is lost on the way.`,
  })),
} as const;

/**
 * Open-loop load on the api: requests start on a fixed schedule whatever the answers' latency (up to
 * maxInFlight), so a replica that stalls or fails during a restart shows in the latencies and failures.
 */
export class SteadyLoad {
  readonly samples: LoadSample[] = [];
  /** Ids of the conversations whose POST answered 201. */
  readonly created: string[] = [];
  /** The title each acknowledged PATCH (200) set, by conversation id. */
  readonly updated = new Map<string, string>();
  private readonly patchable: string[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private timers: NodeJS.Timeout[] = [];
  private reads = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly options: SteadyLoadOptions,
  ) {}

  start(): void {
    this.every(1000 / this.options.readsPerSecond, () => (this.reads++ % 2 === 0 || this.created.length === 0 ? this.list() : this.retrieve()));
    this.every(1000 / this.options.writesPerSecond, () => this.create());
    const updates = this.options.updatesPerSecond ?? 0;
    if (updates > 0) this.every(1000 / updates, () => this.update());
  }

  /** Stops starting requests and waits for those in flight. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all(this.inFlight);
  }

  private every(intervalMs: number, request: () => Promise<void>): void {
    this.timers.push(
      setInterval(() => {
        if (this.inFlight.size >= (this.options.maxInFlight ?? 48)) return;
        const running = request().finally(() => this.inFlight.delete(running));
        this.inFlight.add(running);
      }, intervalMs),
    );
  }

  private list(): Promise<void> {
    return this.measure('list', () => this.client.request('GET', '/api/v1/conversations', { query: { limit: '10', status: 'all' } }));
  }

  private retrieve(): Promise<void> {
    const id = this.created[Math.floor(Math.random() * this.created.length)]!;
    return this.measure('retrieve', () => this.client.request('GET', '/api/v1/conversations/{id}', { pathParams: { id } }));
  }

  private create(): Promise<void> {
    return this.measure('create', async () => {
      const response = await this.client.request<{ id: string }>('POST', '/api/v1/conversations', { json: { title: 'Rollout review', sources: [TRANSCRIPT] } });
      if (response.status === 201) {
        this.created.push(response.body.id);
        this.patchable.push(response.body.id);
      }
      return response;
    });
  }

  private update(): Promise<void> {
    const id = this.patchable.shift();
    if (id === undefined) return Promise.resolve();
    const title = `Renamed ${id.slice(-8)} ${Date.now()}`;
    return this.measure('update', async () => {
      const response = await this.client.request('PATCH', '/api/v1/conversations/{id}', { pathParams: { id }, json: { title } });
      if (response.status === 200) this.updated.set(id, title);
      return response;
    });
  }

  private async measure(kind: LoadKind, call: () => Promise<{ status: number; body: unknown }>): Promise<void> {
    const startedAt = Date.now();
    const started = performance.now();
    try {
      const { status, body } = await call();
      const sample: LoadSample = { kind, startedAt, ms: performance.now() - started, status };
      if (status !== EXPECTED[kind]) sample.error = typeof body === 'string' ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200);
      this.samples.push(sample);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      this.samples.push({ kind, startedAt, ms: performance.now() - started, status: null, error: `${cause ?? ''} ${(error as Error).message}`.trim() });
    }
  }
}
