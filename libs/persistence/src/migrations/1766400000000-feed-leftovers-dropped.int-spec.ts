import { useQueryRunner } from '@cs/testing';
import { FeedPositionsTable1766300000000 } from './1766300000000-feed-positions-table';
import { FeedLeftoversDropped1766400000000 } from './1766400000000-feed-leftovers-dropped';

describe('migration 1766400000000: the outbox feed leftovers dropped, online', () => {
  const t = useQueryRunner();

  const present = async () =>
    (
      (await t.q.query(
        `SELECT relname AS name FROM pg_class WHERE relname IN ('feed_head', 'outbox_feed_position_idx')
         UNION ALL SELECT 'outbox.' || attname FROM pg_attribute WHERE attrelid = 'outbox'::regclass AND attname = 'position' AND NOT attisdropped
         ORDER BY 1`,
      )) as Array<{ name: string }>
    ).map((row) => row.name);

  it('leaves neither outbox.position, its index nor feed_head; down brings them back, and the migration before can go down from there; up again', async () => {
    expect(await present()).toEqual([]);
    const migration = new FeedLeftoversDropped1766400000000();
    await migration.down(t.q);
    expect(await present()).toEqual(['feed_head', 'outbox.position', 'outbox_feed_position_idx']);
    // A rollback past this release: 1766300000000's own down needs what this one's down put back.
    await new FeedPositionsTable1766300000000().down(t.q);
    await new FeedPositionsTable1766300000000().up(t.q);
    await migration.up(t.q);
    expect(await present()).toEqual([]);
    // Running it again finds nothing to do (a retried deployment).
    await migration.up(t.q);
    expect(await present()).toEqual([]);
  });
});
