import { randomBytes } from 'node:crypto';
import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { recordEvent } from '@cs/events';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { DueDeliveryPoller } from './due-delivery.poller';
import { EventRelay } from './event.relay';
import { insertWebhookRow } from './webhook-row.test-harness';
import { createDeliveryQueue, type DeliveryQueue } from './webhook-delivery.queue';

describe('EventRelay and DueDeliveryPoller (real Postgres and Redis)', () => {
  let db: TestDatabase;
  let queue: DeliveryQueue;

  beforeAll(async () => {
    db = await createTestDatabase();
    queue = createDeliveryQueue(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', `whrelay-${randomBytes(4).toString('hex')}`);
  });

  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await db.drop();
  });

  beforeEach(async () => {
    await queue.drain(true);
  });

  async function scene() {
    const f = new Fixtures(db.dataSource);
    const workspace = await f.workspace();
    const owner = await f.member(workspace);
    const colleague = await f.member(workspace);
    const url = 'http://127.0.0.1:9/hook';
    const mine = await insertWebhookRow(db.dataSource, { workspaceId: workspace.id, ownerId: owner.user.id, url, secretKey: DEV_WEBHOOK_SECRET_KEY });
    const theirs = await insertWebhookRow(db.dataSource, { workspaceId: workspace.id, ownerId: colleague.user.id, url, secretKey: DEV_WEBHOOK_SECRET_KEY });
    const readyOnly = await insertWebhookRow(db.dataSource, {
      workspaceId: workspace.id, ownerId: colleague.user.id, url, secretKey: DEV_WEBHOOK_SECRET_KEY, events: ['conversation.failed'],
    });
    const disabled = await insertWebhookRow(db.dataSource, { workspaceId: workspace.id, ownerId: owner.user.id, url, secretKey: DEV_WEBHOOK_SECRET_KEY, enabled: false });
    const other = await f.member(await f.workspace());
    const elsewhere = await insertWebhookRow(db.dataSource, { workspaceId: other.workspace.id, ownerId: other.user.id, url, secretKey: DEV_WEBHOOK_SECRET_KEY });
    const shared = await f.conversation(owner, { visibility: 'workspace' });
    const secret = await f.conversation(owner, { visibility: 'private' });
    const event = (c: typeof shared) =>
      db.dataSource.transaction((m) =>
        recordEvent(m, workspace.id, 'conversation.ready', { id: c.id, title: c.title, started_at: c.createdAt.toISOString(), status: 'ready' }, `req-${c.id}`),
      );
    return { mine, theirs, readyOnly, disabled, elsewhere, shared, secret, sharedEvent: await event(shared), privateEvent: await event(secret) };
  }

  const deliveries = () =>
    db.dataSource.query(`SELECT id, webhook_id, event_id, status, attempts, origin, payload FROM webhook_deliveries ORDER BY id`) as Promise<
      Array<{ id: string; webhook_id: string; event_id: string; status: string; attempts: number; origin: string; payload: { id: string } }>
    >;

  it('creates one delivery per matching enabled subscription and schedules its first attempt; relaying again creates and schedules nothing new', async () => {
    const s = await scene();
    const relay = new EventRelay(db.dataSource, queue);
    expect(await relay.relayOnce()).toEqual({ events: 2, deliveries: 3 });
    const rows = await deliveries();
    const pairs = rows.map((r) => `${r.webhook_id}:${r.event_id}`).sort();
    expect(pairs).toEqual([`${s.mine.id}:${s.privateEvent}`, `${s.mine.id}:${s.sharedEvent}`, `${s.theirs.id}:${s.sharedEvent}`].sort());
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 0 && r.origin === 'event' && r.payload.id === r.event_id)).toBe(true);
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(jobs.map((j) => j.id).sort()).toEqual(rows.map((r) => `${r.id}.1`).sort());
    // Each job carries the request id of the write that caused its event, for the worker's log lines.
    const conversationOf = new Map([[s.sharedEvent, s.shared.id], [s.privateEvent, s.secret.id]]);
    for (const row of rows) {
      expect(jobs.find((j) => j.id === `${row.id}.1`)?.data.requestId).toBe(`req-${conversationOf.get(row.event_id)}`);
    }

    expect(await relay.relayOnce()).toEqual({ events: 0, deliveries: 0 });
    // A crash after the commit but before the rows were marked relayed would relay them again: no duplicate.
    await db.dataSource.query(`UPDATE outbox SET relayed_at = NULL`);
    expect(await relay.relayOnce()).toEqual({ events: 2, deliveries: 0 });
    expect(await deliveries()).toHaveLength(3);
    expect(await queue.count()).toBe(3);
  });

  it('queues the first attempt held back, for as long as the admission policy says, only for a subscription whose endpoint it reports stalled', async () => {
    await db.dataSource.query(`DELETE FROM webhook_deliveries`);
    await db.dataSource.query(`UPDATE outbox SET relayed_at = now() WHERE relayed_at IS NULL`);
    const s = await scene();
    const relay = new EventRelay(db.dataSource, queue, { stalledHoldBack: (webhookId) => (webhookId === s.theirs.id ? 60_000 : 0) });
    expect(await relay.relayOnce()).toEqual({ events: 2, deliveries: 3 });
    const rows = await deliveries();
    const jobOf = async (webhookId: string) => queue.getJob(`${rows.find((r) => r.webhook_id === webhookId)!.id}.1`);
    const held = (await jobOf(s.theirs.id))!;
    expect(await held.getState()).toBe('delayed');
    expect(held.opts.delay).toBe(60_000);
    const mine = await queue.getJobs(['waiting', 'prioritized']);
    expect(mine.map((j) => j.data.webhookId)).toEqual([s.mine.id, s.mine.id]);
  });

  it('the poller schedules due deliveries that have no job (Redis lost them), at once for redeliveries and test events', async () => {
    await db.dataSource.query(`DELETE FROM webhook_deliveries`);
    await scene();
    await new EventRelay(db.dataSource, queue).relayOnce();
    const rows = await deliveries();
    await queue.obliterate({ force: true });
    expect(await queue.count()).toBe(0);

    const poller = new DueDeliveryPoller(db.dataSource, queue, { graceMs: 5_000 });
    // Within the grace period the relay's own jobs are trusted.
    expect(await poller.pollOnce()).toBe(0);
    // A redelivery written by the management side is picked up at once.
    const [first] = rows;
    await db.dataSource.query(
      `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, next_attempt_at, origin)
       SELECT 'dlv_redelivery0000000000000000', workspace_id, webhook_id, event_id, event_type, payload, 'pending', now(), 'redelivery'
       FROM webhook_deliveries WHERE id = $1`,
      [first!.id],
    );
    // A second on: the row's next_attempt_at is Postgres's now() (microseconds), which may fall after a JS Date
    // (milliseconds) taken at the same moment; still well within the relay rows' grace.
    expect(await poller.pollOnce(new Date(Date.now() + 1_000))).toBe(1);
    expect((await queue.getJob('dlv_redelivery0000000000000000.1'))?.data).toEqual({
      deliveryId: 'dlv_redelivery0000000000000000', webhookId: first!.webhook_id, attempt: 1, requestId: null,
    });

    // Past the grace period every due delivery is scheduled again, at its next attempt number, once.
    await db.dataSource.query(`UPDATE webhook_deliveries SET attempts = 2 WHERE id = $1`, [first!.id]);
    const later = new Date(Date.now() + 6_000);
    expect(await poller.pollOnce(later)).toBe(rows.length + 1);
    expect(await poller.pollOnce(later)).toBe(rows.length + 1);
    const rescheduled = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    const ids = rescheduled.map((j) => j.id).sort();
    // An event's delivery scheduled again still carries its request id, read back from the outbox.
    expect(rescheduled.find((j) => j.id === `${first!.id}.3`)?.data.requestId).toMatch(/^req-conv_/);
    expect(ids).toEqual([...rows.map((r) => (r.id === first!.id ? `${r.id}.3` : `${r.id}.1`)), 'dlv_redelivery0000000000000000.1'].sort());

    // Finished deliveries are never scheduled.
    await db.dataSource.query(`UPDATE webhook_deliveries SET status = 'succeeded', next_attempt_at = NULL`);
    expect(await poller.pollOnce(later)).toBe(0);
  });

  it('gives a new subscription only the events recorded after it was created, even those still waiting in the outbox', async () => {
    await db.dataSource.query(`UPDATE outbox SET relayed_at = now() WHERE relayed_at IS NULL`);
    const f = new Fixtures(db.dataSource);
    const owner = await f.member(await f.workspace());
    const conversation = await f.conversation(owner, { visibility: 'workspace' });
    const record = () =>
      db.dataSource.transaction((m) =>
        recordEvent(m, owner.workspace.id, 'conversation.ready', { id: conversation.id, title: conversation.title, started_at: conversation.createdAt.toISOString(), status: 'ready' }, null),
      );
    const before = await record();
    await new Promise((r) => setTimeout(r, 5));
    const late = await insertWebhookRow(db.dataSource, { workspaceId: owner.workspace.id, ownerId: owner.user.id, url: 'http://127.0.0.1:9/hook', secretKey: DEV_WEBHOOK_SECRET_KEY });
    await new Promise((r) => setTimeout(r, 5));
    const after = await record();

    expect(await new EventRelay(db.dataSource, queue).relayOnce()).toEqual({ events: 2, deliveries: 1 });
    const got = (await deliveries()).filter((d) => d.webhook_id === late.id).map((d) => d.event_id);
    expect(got).toEqual([after]);
    expect(got).not.toContain(before);
  });
});
