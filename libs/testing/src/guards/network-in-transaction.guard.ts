import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { DataSource } from 'typeorm';

/**
 * Catches an outbound HTTP call started while a transaction of the given data sources is open (docs/architecture.md
 * "No transaction across the network"): a slow remote would then hold locks and a pooled connection for as long as
 * it answers slowly. It listens to Node's own diagnostics channels for fetch (undici) and node:http requests, and at
 * the moment a request is created looks at TypeORM's connected query runners for an active transaction.
 *
 * Process-wide: use it in tests where only the code under test opens transactions while it listens.
 */
export class NetworkInTransactionGuard {
  private readonly seen: string[] = [];
  private calls = 0;
  private readonly channels = ['undici:request:create', 'http.client.request.start'] as const;
  private readonly onRequest = (message: unknown): void => {
    this.calls++;
    if (!this.inTransaction()) return;
    this.seen.push(`${describe(message)} started inside a transaction\n${new Error('here').stack ?? ''}`);
  };

  constructor(private readonly dataSources: DataSource[]) {}

  start(): this {
    for (const channel of this.channels) subscribe(channel, this.onRequest);
    return this;
  }

  stop(): void {
    for (const channel of this.channels) unsubscribe(channel, this.onRequest);
  }

  /** Outbound calls seen since start(), inside a transaction or not: a test asserts some were, so it cannot pass by seeing none. */
  get observed(): number {
    return this.calls;
  }

  /** The calls made inside a transaction since start(), each with where it started. */
  get violations(): readonly string[] {
    return this.seen;
  }

  /** Throws listing every call made inside a transaction. */
  assertNone(): void {
    if (this.seen.length > 0) throw new Error(`outbound HTTP inside a transaction:\n${this.seen.join('\n\n')}`);
  }

  private inTransaction(): boolean {
    return this.dataSources.some((ds) => ds.isInitialized && (ds.driver as unknown as { connectedQueryRunners: Array<{ isTransactionActive: boolean }> }).connectedQueryRunners.some((r) => r.isTransactionActive));
  }
}

function describe(message: unknown): string {
  const request = (message as { request?: { method?: string; origin?: unknown; path?: string } }).request;
  if (request?.origin !== undefined) return `${request.method ?? 'GET'} ${String(request.origin)}${request.path ?? ''}`;
  if (request && typeof (request as { getHeader?: unknown }).getHeader === 'function') {
    const r = request as unknown as { method: string; host: string; path: string };
    return `${r.method} ${r.host}${r.path}`;
  }
  return 'an HTTP request';
}
