import type { DueBot } from '@cs/processing';

/**
 * A meeting recorder (an external service that joins calls). `join` hands the bot over and returns once the
 * recorder accepted it; from then on the recorder reports through the signed callback
 * (POST /api/v1/recorder/events): joining, waiting_room, recording, then done with the transcript or failed with a reason.
 */
export interface RecorderProvider {
  readonly name: string;
  join(bot: DueBot): Promise<void>;
  close(): Promise<void>;
}
