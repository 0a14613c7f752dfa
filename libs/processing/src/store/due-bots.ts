import type { RowQueryable } from '@cs/persistence';
import type { DataSource } from 'typeorm';

/** A bot due to join its meeting, as the dispatcher hands it to a recorder. */
export interface DueBot {
  id: string;
  meetingUrl: string;
}

const BATCH = 50;

/**
 * Hands bots whose join_at has come to `join` (the recorder). A bot is marked dispatched in the transaction that
 * locked it, after `join` accepted it: a failed hand-over is retried at the next run, and replicas never hand the
 * same bot over twice at once (SKIP LOCKED). Returns how many bots were handed over.
 */
export function dispatchDueBots(dataSource: DataSource, join: (bot: DueBot) => Promise<void>, now = new Date()): Promise<number> {
  return dataSource.transaction(async (m) => {
    const tx: RowQueryable = m;
    const due = await tx.query<{ id: string; meeting_url: string }>(
      `SELECT id, meeting_url FROM bots WHERE dispatched_at IS NULL AND status = 'scheduled' AND join_at <= $1
       ORDER BY join_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, BATCH],
    );
    for (const bot of due) await join({ id: bot.id, meetingUrl: bot.meeting_url });
    if (due.length > 0) await tx.query(`UPDATE bots SET dispatched_at = $2 WHERE id = ANY($1::text[])`, [due.map((b) => b.id), now]);
    return due.length;
  });
}
