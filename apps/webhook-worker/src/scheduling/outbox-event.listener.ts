import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const CHANNEL = 'outbox_event';
const RECONNECT_MS = 1_000;

/**
 * LISTENs for the `outbox_event` notification (the webhooks migration's trigger on outbox inserts) and calls
 * `onEvent`, so events are relayed when they are committed instead of at the next poll. Best effort: a lost
 * connection is re-established after a second, and the relay keeps polling meanwhile, so nothing depends on it.
 */
export class OutboxEventListener {
  private readonly logger = new Logger('OutboxEventListener');
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly onEvent: () => void,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'webhook-worker-listener' });
    client.on('notification', () => this.onEvent());
    client.on('error', (err) => {
      this.logger.warn({ err }, 'outbox listener connection lost; polling until it is back');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // Events committed while not listening are picked up by this run.
      this.onEvent();
    } catch (err) {
      this.logger.warn({ err }, 'outbox listener could not connect; polling until it can');
      this.reconnect(client);
    }
  }

  private reconnect(client: Client): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    // The connection already failed and its error was logged; ending it can only fail the same way.
    void client.end().catch(() => undefined);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.start(), RECONNECT_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    // Stopping: a connection that fails to close is gone either way, and the poller covers anything it missed.
    await client?.end().catch(() => undefined);
  }
}
