import { recallBaseUrl } from '@cs/config';
import { PeriodicTask } from '@cs/nest-infrastructure';
import type { DueBot } from '@cs/processing';
import { forgetSettledRecorderWork, ProviderHttpError, RECALL_PROVIDER, type RecallStatusChange, RecallClient, RecallWorkHandler, recordStatusWebhook, runRecorderWork } from '@cs/recorder';
import { readQueryable } from '@cs/persistence';
import type { DataSource } from 'typeorm';
import type { ProcessorConfig } from '../config/processor-config';
import type { RecorderProvider } from './recorder-provider.port';

/** Recall schedules bots itself (join_at), so every bot is handed over when it is created. */
const FAR_FUTURE = new Date(8_640_000_000_000_000);

/** Statuses of a bot creation Recall refuses for good (a bad or unsupported meeting URL, no credit, …). */
const refusedForGood = (err: unknown): err is ProviderHttpError => err instanceof ProviderHttpError && err.status >= 400 && err.status < 500 && err.status !== 429 && err.status !== 409;

/**
 * Recall.ai as the recorder (docs/recall.md): `join` creates the Recall bot (idempotently, keyed by our bot id)
 * and answers its id; Recall's status webhooks, recorded by the api, and cancellations are carried out by a
 * periodic run over the recorder work.
 */
export class RecallRecorder implements RecorderProvider {
  readonly name = RECALL_PROVIDER;
  private readonly client: RecallClient;
  private readonly work: PeriodicTask;
  private readonly forget: PeriodicTask;

  constructor(
    private readonly dataSource: DataSource,
    config: ProcessorConfig,
  ) {
    const policy = { attempts: config.RECALL_HTTP_ATTEMPTS, backoffMs: config.RECALL_HTTP_BACKOFF_MS, maxDelayMs: 60_000 };
    this.client = new RecallClient({ baseUrl: recallBaseUrl(config), apiKey: config.RECALL_API_KEY!, policy, timeoutMs: 15_000 });
    const handler = new RecallWorkHandler(this.client, readQueryable(dataSource));
    // A failing row is tried 20 times, the waits doubling from the interval up to 10 minutes: about two hours with
    // the default interval, time for Recall to finish a slow transcript or for an outage to pass.
    const schedule = { attempts: 20, backoffMs: config.RECALL_WORK_INTERVAL_MS, maxDelayMs: 10 * 60_000 };
    this.work = new PeriodicTask('RecallWork', config.RECALL_WORK_INTERVAL_MS, () =>
      runRecorderWork(dataSource, RECALL_PROVIDER, handler, schedule, { leaseMs: config.RECALL_WORK_LEASE_MS }),
    );
    this.forget = new PeriodicTask('RecallWorkRetention', 60 * 60_000, () => forgetSettledRecorderWork(dataSource));
  }

  horizon(): Date {
    return FAR_FUTURE;
  }

  async join(bot: DueBot): Promise<string | void> {
    try {
      return await this.client.createBot(bot);
    } catch (err) {
      if (!refusedForGood(err)) throw err;
      // Recorded like a fatal status, so the bot fails through the same path as any other (its own transaction;
      // the dispatcher holds this bot's row).
      await recordStatusWebhook(
        this.dataSource,
        { provider: RECALL_PROVIDER, messageId: `create-refused-${bot.id}`, providerBotId: '', botId: bot.id, payload: { providerBotId: '', botId: bot.id, ours: true, code: 'fatal', subCode: `bot_create_refused_${err.status}`, at: null } satisfies RecallStatusChange },
        new Date(),
      );
    }
  }

  start(): void {
    this.work.start();
    this.forget.start();
  }

  async close(): Promise<void> {
    await Promise.all([this.work.stop(), this.forget.stop()]);
  }
}
