import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { decodeRevocation, type Revocation, REVOCATION_CHANNEL, type RevocationKind } from './publish-revocation';
import type { SqlRunner } from './sql-runner';

/** What an access-token verifier asks of the revocation list: answered from memory, never with I/O. */
export interface RevocationCheck {
  isRevoked(token: { grantId: string; clientId: string }): boolean;
}

export interface RevocationListOptions {
  /** Where the durable rows are (oauth_revocations). */
  db: SqlRunner;
  /** The list opens a connection of its own there: a subscribed connection can issue no other command. */
  redisUrl: string;
  /** Defaults to the contract's channel; tests use one of their own. */
  channel?: string;
  /** Safety net behind pub/sub: how often to reload every row from Postgres. */
  reloadIntervalMs?: number;
  /** How long start() waits for Redis before going on with Postgres alone (it subscribes when Redis comes). */
  connectTimeoutMs?: number;
}

/**
 * The revocation list a resource server holds in memory (docs/api.md "OAuth": revocation takes effect on
 * the very next call although tokens are verified locally).
 *
 * Postgres holds the truth; Redis pub/sub brings each new revocation within milliseconds. Every time the
 * subscriber connection becomes ready (at start and after each reconnect) it subscribes first and then reloads
 * every unexpired row, so a revocation announced while it was away is not missed: it is either in the reload or
 * delivered on the channel. A periodic reload covers what is left (Redis down for long, a failed publish).
 * Revocations are never taken back, so loads and messages merge by union; entries are dropped once expired.
 */
export class RevocationList implements RevocationCheck {
  private readonly logger = new Logger(RevocationList.name);
  private readonly revoked: Record<RevocationKind, Map<string, number>> = { grant: new Map(), client: new Map() };
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly reloadIntervalMs: number;
  private readonly connectTimeoutMs: number;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  /** Reloads run one after another, so a reload asked for after a (re)subscription really starts after it. */
  private reloads: Promise<void> = Promise.resolve();
  private pendingReloads = 0;
  private lastSync: Promise<void> | null = null;

  constructor(private readonly options: RevocationListOptions) {
    this.channel = options.channel ?? REVOCATION_CHANNEL;
    this.reloadIntervalMs = options.reloadIntervalMs ?? 60_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.subscriber = new Redis(options.redisUrl, {
      lazyConnect: true,
      // Resubscribed by hand on 'ready' (ioredis emits 'ready' before its own resubscription), then reloaded.
      autoResubscribe: false,
      maxRetriesPerRequest: null,
      // Named after the channel so operators (and tests) can tell the subscriber in CLIENT LIST.
      connectionName: `revocations:${this.channel}`,
      // disconnect() while reconnecting arms this timer on the already-closed socket and nothing clears it, so it
      // would hold a shutting-down process for its full length (2 s by default) when Redis is down.
      disconnectTimeout: 300,
    });
  }

  /** Subscribes, loads the rows, and schedules the periodic reload. Fails only when Postgres cannot be read. */
  async start(): Promise<void> {
    if (this.started) throw new Error('RevocationList already started');
    this.started = true;
    this.subscriber.on('message', (channel: string, message: string) => this.onMessage(channel, message));
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Revocation subscriber: ${error.message}`));
    this.subscriber.on('ready', () => {
      if (this.stopped) return;
      const sync = this.subscriber.subscribe(this.channel).then(() => this.reload());
      sync.catch((error: unknown) => this.logger.error(`Revocation resync failed: ${String(error)}`));
      this.lastSync = sync;
    });
    try {
      const ready = await this.connectWithin(this.connectTimeoutMs);
      if (ready && this.lastSync) {
        await this.lastSync;
      } else {
        this.logger.warn(`Redis not ready within ${this.connectTimeoutMs} ms; revocations come from Postgres until it is`);
        await this.reload();
      }
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.timer = setInterval(() => {
      if (this.pendingReloads > 0) return;
      this.reload().catch((error: unknown) => this.logger.error(`Periodic revocation reload failed: ${String(error)}`));
    }, this.reloadIntervalMs);
    this.timer.unref();
  }

  /** Closes the subscriber connection and stops reloading; waits for a reload in flight. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.subscriber.disconnect();
    // Only waits for a reload in flight to settle; its failure was already reported to whoever started it.
    await this.reloads.catch(() => undefined);
  }

  /** Synchronous and in memory: called on every request. */
  isRevoked(token: { grantId: string; clientId: string }): boolean {
    return this.holds('grant', token.grantId) || this.holds('client', token.clientId);
  }

  /** Records a revocation (from the channel, a reload, or the same process that revoked). */
  add(revocation: Revocation): void {
    const expires = revocation.expiresAt.getTime();
    if (expires <= Date.now()) return;
    const entries = this.revoked[revocation.kind];
    entries.set(revocation.id, Math.max(expires, entries.get(revocation.id) ?? 0));
  }

  /** Reads every unexpired row from Postgres into memory and drops expired entries. */
  reload(): Promise<void> {
    this.pendingReloads += 1;
    const run = this.reloads.then(async () => {
      try {
        const rows = await this.options.db.query<{ kind: RevocationKind; id: string; expires_at: Date }>(
          'SELECT kind, id, expires_at FROM oauth_revocations WHERE expires_at > now()',
        );
        for (const row of rows) this.add({ kind: row.kind, id: row.id, expiresAt: new Date(row.expires_at) });
        this.prune();
      } finally {
        this.pendingReloads -= 1;
      }
    });
    // `run` goes back to the caller, who handles its failure; this copy only lets stop() wait for it.
    this.reloads = run.catch(() => undefined);
    return run;
  }

  /** How many revocations are held, per kind (for tests and metrics). */
  size(): Record<RevocationKind, number> {
    return { grant: this.revoked.grant.size, client: this.revoked.client.size };
  }

  private holds(kind: RevocationKind, id: string): boolean {
    const expires = this.revoked[kind].get(id);
    if (expires === undefined) return false;
    if (expires > Date.now()) return true;
    this.revoked[kind].delete(id);
    return false;
  }

  private prune(): void {
    const now = Date.now();
    for (const entries of Object.values(this.revoked)) {
      for (const [id, expires] of entries) if (expires <= now) entries.delete(id);
    }
  }

  private onMessage(channel: string, message: string): void {
    if (channel !== this.channel) return;
    const revocation = decodeRevocation(message);
    if (revocation) this.add(revocation);
    else this.logger.warn(`Ignored a malformed message on ${channel}`);
  }

  /** Starts connecting (ioredis keeps retrying in the background) and tells whether it got ready in time. */
  private connectWithin(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timeout = setTimeout(() => {
        this.subscriber.off('ready', onReady);
        resolve(false);
      }, ms);
      const onReady = () => {
        clearTimeout(timeout);
        resolve(true);
      };
      this.subscriber.once('ready', onReady);
      // A refused first attempt rejects here; the retry strategy goes on reconnecting regardless.
      this.subscriber.connect().catch(() => undefined);
    });
  }
}
