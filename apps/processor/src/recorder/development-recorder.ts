import { Logger } from '@nestjs/common';
import { newId } from '@cs/domain';
import { signedHeaders } from '@cs/events';
import { type Job, Queue, Worker } from 'bullmq';
import type { ProcessorConfig } from '../config/processor-config';
import { sampleTranscript, scriptFor } from './development-script';
import type { DueBot } from '@cs/processing';
import type { RecorderProvider } from './recorder-provider.port';

const QUEUE = 'development-recorder';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The recorder for development and tests: "joins" meetings on *.example.test and reports a scripted outcome
 * through the same signed callback a real recorder uses, so bot → pending → transcript → processing → ready →
 * event runs end to end. Each bot is a queue job (id = bot id); a crash mid-script replays it, which the
 * callback endpoint tolerates (reports only move forward).
 */
export class DevelopmentRecorder implements RecorderProvider {
  readonly name = 'development';
  private readonly logger = new Logger('DevelopmentRecorder');
  private readonly queue: Queue<DueBot>;
  private readonly worker: Worker<DueBot>;

  constructor(private readonly config: ProcessorConfig) {
    const connection = { url: config.REDIS_URL, maxRetriesPerRequest: null };
    this.queue = new Queue<DueBot>(QUEUE, { connection, prefix: config.QUEUE_PREFIX });
    this.worker = new Worker<DueBot>(QUEUE, (job) => this.run(job), { connection, prefix: config.QUEUE_PREFIX, concurrency: 10, autorun: false });
    this.worker.on('error', (err) => this.logger.error({ err }, 'worker error'));
  }

  horizon(now: Date): Date {
    return now;
  }

  start(): void {
    void this.worker.run();
  }

  async join(bot: DueBot): Promise<void> {
    await this.queue.add('record', bot, {
      jobId: bot.id,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: { age: 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async close(): Promise<void> {
    await this.worker.close();
    await this.queue.close();
  }

  private async run(job: Job<DueBot>): Promise<void> {
    const { id, meetingUrl } = job.data;
    const script = scriptFor(meetingUrl);
    const step = async (event: Record<string, unknown>) => {
      await sleep(this.config.DEV_RECORDER_STEP_MS);
      await this.report({ bot_id: id, occurred_at: new Date().toISOString(), ...event });
    };
    if (script.outcome === 'failed') return step({ status: 'failed', reason: script.reason });
    await step({ status: 'joining' });
    if (script.outcome === 'terminated' && script.after === 'joining') return step({ status: 'failed', reason: script.reason });
    await step({ status: 'waiting_room' });
    if (script.outcome === 'terminated') return step({ status: 'failed', reason: script.reason });
    await step({ status: 'recording' });
    await step({ status: 'done', transcript: sampleTranscript() });
  }

  private async report(event: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify(event);
    const response = await fetch(this.config.RECORDER_CALLBACK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders([this.config.RECORDER_CALLBACK_SECRET], newId('event'), body) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`recorder callback answered ${response.status}`);
  }
}
