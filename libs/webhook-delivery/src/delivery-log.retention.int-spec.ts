import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { newId } from '@cs/domain';
import { EVENT_FEED_RETENTION_DAYS, FeedSequencer } from '@cs/events';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { DeliveryLogRetention } from './delivery-log.retention';
import { insertWebhookRow } from './webhook-row.test-harness';

describe('DeliveryLogRetention (real Postgres)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('purges attempts and finished deliveries older than the retention, keeps pending work and recent history', async () => {
    const f = new Fixtures(db.dataSource);
    const owner = await f.member(await f.workspace());
    const webhook = await insertWebhookRow(db.dataSource, { workspaceId: owner.workspace.id, ownerId: owner.user.id, url: 'https://example.com/h', secretKey: DEV_WEBHOOK_SECRET_KEY });
    const now = new Date('2026-06-01T00:00:00Z');
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 29 * 86_400_000);
    const add = async (status: string, createdAt: Date) => {
      const id = newId('delivery', createdAt);
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, created_at)
         VALUES ($1, $2, $3, $4, 'conversation.ready', '{}', $5, 1, $6)`,
        [id, owner.workspace.id, webhook.id, newId('event', createdAt), status, createdAt],
      );
      await db.dataSource.query(
        `INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body)
         VALUES ($1, $2, 1, $3, 5, 'https://example.com/h', '{}', '{}')`,
        [newId('attempt', createdAt), id, createdAt],
      );
      return id;
    };
    const oldSucceeded = await add('succeeded', old);
    const oldFailed = await add('failed', old);
    const oldPending = await add('pending', old);
    const recentFailed = await add('failed', recent);

    const report = await new DeliveryLogRetention(db.dataSource, 30).purgeOnce(now);
    expect(report).toMatchObject({ attempts: 3, deliveries: 2 });
    const left = (await db.dataSource.query(`SELECT id FROM webhook_deliveries ORDER BY id`)) as Array<{ id: string }>;
    expect(left.map((r) => r.id).sort()).toEqual([oldPending, recentFailed].sort());
    expect(left.map((r) => r.id)).not.toContain(oldSucceeded);
    expect(left.map((r) => r.id)).not.toContain(oldFailed);
    const attemptsLeft = (await db.dataSource.query(`SELECT delivery_id FROM webhook_attempts`)) as Array<{ delivery_id: string }>;
    expect(attemptsLeft.map((a) => a.delivery_id)).toEqual([recentFailed]);
  });

  it('purges relayed events past the feed retention with their feed positions, and keeps the newer ones', async () => {
    const f = new Fixtures(db.dataSource);
    const owner = await f.member(await f.workspace());
    const now = new Date('2026-06-01T00:00:00Z');
    const old = new Date(now.getTime() - (EVENT_FEED_RETENTION_DAYS + 1) * 86_400_000);
    const recent = new Date(now.getTime() - 86_400_000);
    const add = async (createdAt: Date) => {
      const id = newId('event', createdAt);
      await db.dataSource.query(
        `INSERT INTO outbox (id, workspace_id, topic, type, payload, created_at, relayed_at, audience)
         VALUES ($1, $2, 'event', 'tag.created', '{}', $3, $3, '{"visibility":"workspace"}')`,
        [id, owner.workspace.id, createdAt],
      );
      return id;
    };
    const gone = [await add(old), await add(old)];
    const kept = await add(recent);
    await new FeedSequencer(db.dataSource).drain();

    const report = await new DeliveryLogRetention(db.dataSource, 30).purgeOnce(now);
    expect(report.events).toBe(2);
    const events = (await db.dataSource.query(`SELECT id FROM outbox WHERE id = ANY($1::text[])`, [[...gone, kept]])) as Array<{ id: string }>;
    expect(events.map((e) => e.id)).toEqual([kept]);
    const positioned = (await db.dataSource.query(`SELECT event_id FROM feed_positions WHERE event_id = ANY($1::text[])`, [[...gone, kept]])) as Array<{ event_id: string }>;
    expect(positioned.map((p) => p.event_id)).toEqual([kept]);
  });
});
