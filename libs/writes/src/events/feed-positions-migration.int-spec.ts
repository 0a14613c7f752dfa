import { FeedSequencer } from '@cs/events';
import { MIGRATIONS } from '@cs/persistence';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Migration 1766300000000 takes a deployment from positions stored in outbox rows to positions in feed_positions
 * (docs/architecture.md "The events feed"): the positions already given must stay the same numbers (readers hold
 * them in cursors), events still waiting must be positioned once, after them, and a second run of the migration must
 * change nothing.
 */

function migrationNamed(name: string): MigrationInterface {
  const M = MIGRATIONS.find((m) => m.name === name);
  if (!M) throw new Error(`${name} is not among the migrations`);
  return new M();
}

describe('migration 1766300000000: feed positions out of the outbox rows', () => {
  let db: TestDatabase;
  let q: QueryRunner;
  let migration: MigrationInterface;
  let workspaceId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    q = db.dataSource.createQueryRunner();
    await q.connect();
    migration = migrationNamed('FeedPositionsTable1766300000000');
    workspaceId = (await new Fixtures(db.dataSource).workspace()).id;
  }, 60_000);

  afterAll(async () => {
    await q?.release();
    await db?.drop();
  });

  const event = (id: string, position: number | null) =>
    q.query(
      `INSERT INTO outbox (id, workspace_id, topic, type, payload, created_at, audience, position)
       VALUES ($1, $2, 'event', 'tag.created', '{}', now(), '{"visibility":"workspace"}', $3)`,
      [id, workspaceId, position],
    );
  const positions = async () =>
    (await q.query(`SELECT event_id, position::int AS position FROM feed_positions ORDER BY position`)) as Array<{ event_id: string; position: number }>;

  it('keeps the positions given, queues the events still waiting, and hands the head over', async () => {
    // The schema as the previous release left it, with its feed in use: three events positioned, the head at 3, and
    // two committed events still waiting for the sequencer. The migration after it dropped the old columns first.
    await migrationNamed('FeedLeftoversDropped1766400000000').down(q);
    await migration.down(q);
    await event('evt_a', 1);
    await event('evt_b', 2);
    await event('evt_c', 3);
    await q.query(`UPDATE feed_head SET position = 3`);
    await event('evt_d', null);
    await event('evt_e', null);

    await migration.up(q);

    expect(await positions()).toEqual([
      { event_id: 'evt_a', position: 1 },
      { event_id: 'evt_b', position: 2 },
      { event_id: 'evt_c', position: 3 },
    ]);
    expect(await q.query(`SELECT event_id FROM feed_pending ORDER BY event_id`)).toEqual([{ event_id: 'evt_d' }, { event_id: 'evt_e' }]);
    expect(await q.query(`SELECT position::int AS position FROM feed_sequencer_head`)).toEqual([{ position: 3 }]);
    // A sequencer of the previous release finds no head: it positions nothing.
    expect(await q.query(`SELECT position FROM feed_head`)).toEqual([]);
    expect(await q.query(`SELECT indexname FROM pg_indexes WHERE indexname IN ('outbox_unpositioned_idx', 'outbox_feed_idx')`)).toEqual([]);

    expect(await new FeedSequencer(db.dataSource).drain()).toBe(2);
    expect((await positions()).slice(3)).toEqual([
      { event_id: 'evt_d', position: 4 },
      { event_id: 'evt_e', position: 5 },
    ]);
  });

  it('changes nothing when run again after the sequencer has moved on', async () => {
    await event('evt_f', null);
    expect(await new FeedSequencer(db.dataSource).drain()).toBe(1);
    const before = await positions();
    await migration.up(q);
    expect(await q.query(`SELECT event_id FROM feed_pending`)).toEqual([]);
    expect(await positions()).toEqual(before);
    expect(await q.query(`SELECT position::int AS position FROM feed_sequencer_head`)).toEqual([{ position: 6 }]);
  });
});
