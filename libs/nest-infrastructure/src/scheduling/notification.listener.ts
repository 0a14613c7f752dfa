import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_MS = 1_000;

/**
 * LISTENs on one Postgres notification channel on a connection of its own and calls `onNotify` for each
 * notification, and once more after every (re)connect, since notifications sent while not listening are lost.
 * Best effort: a lost connection is re-established after a second, so callers keep polling and use this only to
 * act sooner than the next poll.
 */
export class NotificationListener {
  private readonly logger: Logger;
  private client: Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onNotify: () => void,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`NotificationListener: "${channel}" is not a plain channel name`);
    this.logger = new Logger(`NotificationListener(${channel})`);
  }

  async start(): Promise<void> {
    this.stopped = false;
    const client = new Client({ connectionString: this.databaseUrl, application_name: `listener-${this.channel}` });
    client.on('notification', () => this.onNotify());
    client.on('error', (err) => {
      this.logger.warn({ err }, 'listener connection lost; polling until it is back');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    this.client = client;
    try {
      await client.connect();
      // LISTEN takes no bind parameters; the constructor allows only a plain identifier.
      await client.query(`LISTEN ${this.channel}`);
      this.onNotify();
    } catch (err) {
      this.logger.warn({ err }, 'listener could not connect; polling until it can');
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
    // Stopping: a connection that fails to close is gone either way, and the callers' polling covers anything missed.
    await client?.end().catch(() => undefined);
  }
}
