import type { DataSource } from 'typeorm';
import type { RecorderProvider } from './recorder-provider.port';

const BATCH = 50;

/**
 * Hands bots whose join_at has come to the recorder. A bot is marked dispatched in the transaction that locked
 * it, after the recorder accepted it: a failed hand-over is retried at the next run, and replicas never hand the
 * same bot over twice at once (SKIP LOCKED).
 */
export class BotDispatcher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly recorder: RecorderProvider,
  ) {}

  dispatchDue(now = new Date()): Promise<number> {
    return this.dataSource.transaction(async (m) => {
      const due = (await m.query(
        `SELECT id, meeting_url FROM bots WHERE dispatched_at IS NULL AND status = 'scheduled' AND join_at <= $1
         ORDER BY join_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [now, BATCH],
      )) as Array<{ id: string; meeting_url: string }>;
      for (const bot of due) await this.recorder.join({ id: bot.id, meetingUrl: bot.meeting_url });
      if (due.length > 0) await m.query(`UPDATE bots SET dispatched_at = $2 WHERE id = ANY($1::text[])`, [due.map((b) => b.id), now]);
      return due.length;
    });
  }
}
