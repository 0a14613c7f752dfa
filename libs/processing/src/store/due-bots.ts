import type { RowQueryable } from '@cs/persistence';
import type { DataSource } from 'typeorm';

/** A bot due to be handed to a recorder, as the dispatcher hands it over. */
export interface DueBot {
  id: string;
  meetingUrl: string;
  joinAt: Date | null;
}

const BATCH = 50;

/**
 * Hands bots whose join_at has come (by `horizon`, now unless the recorder schedules bots itself) to `join` (the
 * recorder), which may answer the provider's id of the bot, stored with it. A bot is marked dispatched in the
 * transaction that locked it, after `join` accepted it: a failed hand-over is retried at the next run, and replicas
 * never hand the same bot over twice at once (SKIP LOCKED). Returns how many bots were handed over.
 */
export function dispatchDueBots(dataSource: DataSource, join: (bot: DueBot) => Promise<string | void>, now = new Date(), horizon: Date = now): Promise<number> {
  return dataSource.transaction(async (m) => {
    const tx: RowQueryable = m;
    const due = await tx.query<{ id: string; meeting_url: string; join_at: Date | null }>(
      `SELECT id, meeting_url, join_at FROM bots WHERE dispatched_at IS NULL AND status = 'scheduled' AND join_at <= $1
       ORDER BY join_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [horizon, BATCH],
    );
    for (const bot of due) {
      const providerBotId = await join({ id: bot.id, meetingUrl: bot.meeting_url, joinAt: bot.join_at });
      if (providerBotId) await tx.query(`UPDATE bots SET provider_bot_id = $2 WHERE id = $1`, [bot.id, providerBotId]);
    }
    if (due.length > 0) await tx.query(`UPDATE bots SET dispatched_at = $2 WHERE id = ANY($1::text[])`, [due.map((b) => b.id), now]);
    return due.length;
  });
}
