import type { DueBot } from '@cs/processing';

/**
 * A meeting recorder (an external service that joins calls). `join` hands the bot over and returns once the
 * recorder accepted it, with the recorder's own id of the bot when it has one; from then on the recorder reports
 * its progress: the development recorder through the signed callback (POST /api/v1/recorder/events), Recall.ai
 * through its status webhooks (POST /api/v1/recorder/recall/events).
 */
export interface RecorderProvider {
  readonly name: string;
  /** Bots handed over up to this time: now for a recorder that joins at once, later for one that schedules itself. */
  horizon(now: Date): Date;
  join(bot: DueBot): Promise<string | void>;
  start(): void;
  close(): Promise<void>;
}
