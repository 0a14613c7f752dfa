import { EVENT_FEED_RETENTION_DAYS } from '@cs/events';
import type { DataSource } from 'typeorm';

// Any constant; the same in every replica, so one purges at a time.
const RETENTION_LOCK = 7_261_005;
const BATCH = 5_000;

export interface RetentionReport {
  attempts: number;
  deliveries: number;
  events: number;
}

/**
 * Purges the delivery log past WEBHOOK_LOG_RETENTION_DAYS: attempts, finished deliveries (pending ones are still
 * work, however old) and relayed outbox events, which the events feed keeps for EVENT_FEED_RETENTION_DAYS at least. In batches, so one run never holds long locks; one replica at a
 * time (advisory lock).
 */
export class DeliveryLogRetention {
  constructor(
    private readonly dataSource: DataSource,
    private readonly retentionDays: number,
  ) {}

  async purgeOnce(now: Date = new Date()): Promise<RetentionReport> {
    const cutoff = new Date(now.getTime() - this.retentionDays * 86_400_000);
    const eventCutoff = new Date(now.getTime() - Math.max(this.retentionDays, EVENT_FEED_RETENTION_DAYS) * 86_400_000);
    return this.dataSource.transaction(async (m) => {
      const [{ locked }] = (await m.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [RETENTION_LOCK])) as [{ locked: boolean }];
      const report: RetentionReport = { attempts: 0, deliveries: 0, events: 0 };
      if (!locked) return report;
      const purge = async (sql: string, before = cutoff): Promise<number> => {
        let total = 0;
        for (;;) {
          const [, count] = (await m.query(sql, [before, BATCH])) as [unknown, number];
          total += count;
          if (count < BATCH) return total;
        }
      };
      report.attempts = await purge(`DELETE FROM webhook_attempts WHERE id IN (SELECT id FROM webhook_attempts WHERE started_at < $1 LIMIT $2)`);
      report.deliveries = await purge(
        `DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND created_at < $1 LIMIT $2)`,
      );
      // An event's feed position goes with it (docs/architecture.md "The events feed"): a position left behind would
      // only be a gap, which readers skip, but feed_positions would grow for ever.
      report.events = await purge(
        `WITH doomed AS MATERIALIZED (SELECT id FROM outbox WHERE topic = 'event' AND relayed_at < $1 LIMIT $2),
              unplaced AS (DELETE FROM feed_positions WHERE event_id IN (SELECT id FROM doomed))
         DELETE FROM outbox WHERE id IN (SELECT id FROM doomed)`,
        eventCutoff,
      );
      return report;
    });
  }
}
