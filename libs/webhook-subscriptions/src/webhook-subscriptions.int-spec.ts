import { openWebhookSecret } from '@cs/events';
import { newId } from '@cs/domain';
import { createTestDatabase, domainErrorCode, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import type { WebhookActor } from './webhook-actor';
import { currentWebhookSecret } from './webhook.commands';
import { WebhookSubscriptions } from './webhook-subscriptions';

const KEY = 'int-spec-webhook-secret-key-0123456789abcdefghij';

describe('WebhookSubscriptions (real PostgreSQL)', () => {
  let db: TestDatabase;
  let fixtures: Fixtures;
  let now = new Date('2026-03-01T10:00:00.000Z');
  let subscriptions: WebhookSubscriptions;

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    subscriptions = new WebhookSubscriptions(db.dataSource, { secretKey: KEY, requireHttps: false }, () => now);
  }, 60_000);

  afterAll(async () => {
    await db?.drop();
  });

  const actorOf = (m: Member): WebhookActor => ({ workspaceId: m.workspace.id, userId: m.user.id, role: m.role });

  async function admin(): Promise<WebhookActor> {
    return actorOf(await fixtures.member(await fixtures.workspace(), { role: 'admin' }));
  }


  const row = async (id: string) =>
    (await db.dataSource.query(`SELECT * FROM webhooks WHERE id = $1`, [id]))[0] as Record<string, unknown> | undefined;

  it('creates an enabled subscription owned by the admin, its secret stored sealed and shown once', async () => {
    const actor = await admin();
    const created = await subscriptions.create(actor, { url: 'http://127.0.0.1:9/hook', events: ['conversation.ready'], description: 'CRM sync' });
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/hook', events: ['conversation.ready'], description: 'CRM sync', enabled: true, disabled_reason: null });
    expect(created.id).toMatch(/^whk_/);
    expect(created.secret).toMatch(/^whsec_/);
    const stored = await row(created.id);
    expect(stored).toMatchObject({ owner_id: actor.userId, workspace_id: actor.workspaceId, previous_secret_sealed: null });
    expect(stored?.['secret_sealed']).not.toContain(created.secret.slice(6));
    expect(openWebhookSecret(KEY, stored?.['secret_sealed'] as string)).toBe(created.secret);
    expect(await subscriptions.get(actor, created.id)).not.toHaveProperty('secret');
  });

  it('refuses members (403 forbidden) before looking anything up', async () => {
    const workspace = await fixtures.workspace();
    const member = actorOf(await fixtures.member(workspace));
    const owner = actorOf(await fixtures.member(workspace, { role: 'admin' }));
    const hook = await subscriptions.create(owner, { url: 'http://example.test/a', events: ['conversation.ready'] });
    expect(await domainErrorCode(subscriptions.create(member, { url: 'http://example.test/a', events: ['conversation.ready'] }))).toBe('forbidden');
    expect(await domainErrorCode(subscriptions.get(member, hook.id))).toBe('forbidden');
    expect(await domainErrorCode(subscriptions.delete(member, hook.id))).toBe('forbidden');
    expect(await domainErrorCode(subscriptions.sendTestEvent(member, hook.id))).toBe('forbidden');
    expect(await row(hook.id)).toBeDefined();
  });

  it("answers 404 for another workspace's webhook, an unknown and a malformed id, and changes nothing", async () => {
    const mine = await admin();
    const theirs = await admin();
    const hook = await subscriptions.create(theirs, { url: 'http://example.test/theirs', events: ['conversation.ready'] });
    for (const id of [hook.id, newId('webhook'), 'whk_nonsense']) {
      expect(await domainErrorCode(subscriptions.get(mine, id))).toBe('not_found');
      expect(await domainErrorCode(subscriptions.update(mine, id, { enabled: false }))).toBe('not_found');
      expect(await domainErrorCode(subscriptions.rotateSecret(mine, id))).toBe('not_found');
      expect(await domainErrorCode(subscriptions.sendTestEvent(mine, id))).toBe('not_found');
      expect(await domainErrorCode(subscriptions.delete(mine, id))).toBe('not_found');
    }
    expect(await row(hook.id)).toMatchObject({ enabled: true });
  });

  it('disabling marks it manual; re-enabling a webhook the worker disabled clears the reason and the failing run', async () => {
    const actor = await admin();
    const hook = await subscriptions.create(actor, { url: 'http://example.test/x', events: ['conversation.ready'] });
    expect(await subscriptions.update(actor, hook.id, { enabled: false })).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect(await row(hook.id)).toMatchObject({ disabled_at: now });

    // As the worker leaves it after WEBHOOK_DISABLE_AFTER of failures.
    await db.dataSource.query(
      `UPDATE webhooks SET enabled = false, disabled_reason = 'failing', disabled_at = $2, failing_since = $3 WHERE id = $1`,
      [hook.id, now, new Date(now.getTime() - 3 * 86_400_000)],
    );
    expect(await subscriptions.update(actor, hook.id, { enabled: false })).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    const enabled = await subscriptions.update(actor, hook.id, { enabled: true, events: ['conversation.failed', 'conversation.ready'], description: null });
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, events: ['conversation.ready', 'conversation.failed'], description: null });
    expect(await row(hook.id)).toMatchObject({ disabled_reason: null, disabled_at: null, failing_since: null });
  });

  describe("another admin and a webhook that delivers its owner's private conversation (issue 31)", () => {
    /** Two admins of one workspace; the first owns a webhook whose log holds an event about their private conversation. */
    async function twoAdminsAndAPrivateEvent() {
      const workspace = await fixtures.workspace();
      const ownerMember = await fixtures.member(workspace, { role: 'admin' });
      const owner = actorOf(ownerMember);
      const other = actorOf(await fixtures.member(workspace, { role: 'admin' }));
      const secret = await fixtures.conversation(ownerMember, { title: 'Layoffs plan', visibility: 'private' });
      const hook = await subscriptions.create(owner, { url: 'http://example.test/owner', events: ['conversation.ready'] });
      const deliveryId = newId('delivery');
      // As the relay writes it: the event about the owner's private conversation, delivered and failed.
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, created_at)
         VALUES ($1, $2, $3, $4, 'conversation.ready', $5, 'failed', 6, $6)`,
        [deliveryId, owner.workspaceId, hook.id, newId('event'), JSON.stringify({ type: 'conversation.ready', data: { id: secret.id, title: 'Layoffs plan' } }), now],
      );
      return { owner, other, hook, deliveryId };
    }

    it('cannot read its log, send it anything, change where or what it sends, or see or rotate its secret: 403, and nothing changes', async () => {
      const { owner, other, hook, deliveryId } = await twoAdminsAndAPrivateEvent();
      const before = { webhook: await row(hook.id), deliveries: await db.dataSource.query(`SELECT * FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id]) };
      const refused = {
        deliveries: await domainErrorCode(subscriptions.deliveries(other, hook.id, { filters: { status: 'all' }, limit: 10 })),
        delivery: await domainErrorCode(subscriptions.delivery(other, hook.id, deliveryId)),
        redeliver: await domainErrorCode(subscriptions.redeliver(other, hook.id, deliveryId)),
        recover: await domainErrorCode(subscriptions.recover(other, hook.id, { since: new Date(now.getTime() - 3_600_000).toISOString() })),
        test: await domainErrorCode(subscriptions.sendTestEvent(other, hook.id)),
        url: await domainErrorCode(subscriptions.update(other, hook.id, { url: 'http://attacker.test/steal' })),
        events: await domainErrorCode(subscriptions.update(other, hook.id, { events: ['conversation.failed'] })),
        urlWhileEnabling: await domainErrorCode(subscriptions.update(other, hook.id, { enabled: true, url: 'http://attacker.test/steal' })),
        rotate: await domainErrorCode(subscriptions.rotateSecret(other, hook.id)),
        secret: await domainErrorCode(subscriptions.run(other, (tx, ctx) => currentWebhookSecret(tx, ctx, hook.id))),
      };
      expect(refused).toEqual(Object.fromEntries(Object.keys(refused).map((k) => [k, 'forbidden'])));
      expect({ webhook: await row(hook.id), deliveries: await db.dataSource.query(`SELECT * FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id]) }).toEqual(before);
      // The owner still can.
      expect((await subscriptions.deliveries(owner, hook.id, { filters: { status: 'all' }, limit: 10 })).items.map((d) => d.id)).toEqual([deliveryId]);
      expect((await subscriptions.update(owner, hook.id, { url: 'http://example.test/moved' })).url).toBe('http://example.test/moved');
    });

    it('sees its settings and owner, turns it off and on, and deletes it', async () => {
      const { owner, other, hook } = await twoAdminsAndAPrivateEvent();
      expect(await subscriptions.get(other, hook.id)).toMatchObject({ id: hook.id, owner_id: owner.userId, url: 'http://example.test/owner' });
      expect((await subscriptions.list(other, { limit: 10 })).items.map((w) => w.id)).toEqual([hook.id]);
      expect(await subscriptions.update(other, hook.id, { enabled: false })).toMatchObject({ enabled: false, disabled_reason: 'manual' });
      expect(await subscriptions.update(other, hook.id, { enabled: true })).toMatchObject({ enabled: true });
      await subscriptions.delete(other, hook.id);
      expect(await row(hook.id)).toBeUndefined();
    });
  });

  it('rotating keeps the replaced secret signing for 24 hours beside the new one', async () => {
    const actor = await admin();
    const hook = await subscriptions.create(actor, { url: 'http://example.test/r', events: ['conversation.ready'] });
    const rotated = await subscriptions.rotateSecret(actor, hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(rotated.previous_secret_expires_at).toBe(new Date(now.getTime() + 86_400_000).toISOString());
    const stored = await row(hook.id);
    expect(openWebhookSecret(KEY, stored?.['secret_sealed'] as string)).toBe(rotated.secret);
    expect(openWebhookSecret(KEY, stored?.['previous_secret_sealed'] as string)).toBe(hook.secret);
  });

  it('Send test event and Redeliver write pending deliveries due now; redelivery keeps the event id and payload', async () => {
    const actor = await admin();
    const hook = await subscriptions.create(actor, { url: 'http://example.test/t', events: ['conversation.ready'] });
    const test = await subscriptions.sendTestEvent(actor, hook.id);
    expect(test).toMatchObject({ origin: 'test', status: 'pending', event_type: 'webhook.test', attempt_count: 0, next_attempt_at: now.toISOString(), attempts: [] });
    expect(test.event_id).toMatch(/^evt_/);
    expect(test.payload).toEqual({ id: test.event_id, type: 'webhook.test', created_at: now.toISOString(), data: { webhook_id: hook.id, message: expect.any(String) } });

    const again = await subscriptions.redeliver(actor, hook.id, test.id);
    expect(again).toMatchObject({ origin: 'redelivery', status: 'pending', event_id: test.event_id, payload: test.payload });
    expect(again.id).not.toBe(test.id);
    const rows = await db.dataSource.query(`SELECT status, next_attempt_at, origin FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY origin`, [hook.id]);
    expect(rows).toEqual([
      { status: 'pending', next_attempt_at: now, origin: 'redelivery' },
      { status: 'pending', next_attempt_at: now, origin: 'test' },
    ]);
    expect(await domainErrorCode(subscriptions.redeliver(actor, hook.id, newId('delivery')))).toBe('not_found');
  });

  it('lists the delivery log newest first with keyset pages, filters failed ones, and shows every attempt', async () => {
    const actor = await admin();
    const hook = await subscriptions.create(actor, { url: 'http://example.test/log', events: ['conversation.ready'] });
    const ids: string[] = [];
    for (const [i, status] of (['succeeded', 'failed', 'pending', 'failed'] as const).entries()) {
      const id = newId('delivery');
      ids.push(id);
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, created_at)
         VALUES ($1, $2, $3, $4, 'conversation.ready', '{}', $5, 1, $6)`,
        [id, actor.workspaceId, hook.id, newId('event'), status, new Date(now.getTime() + i * 1000)],
      );
      await db.dataSource.query(
        `INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body, response_status, error_kind)
         VALUES ($1, $2, 1, $3, 12, 'http://example.test/log', '{"webhook-id":"x"}', '{}', $4, $5)`,
        [newId('delivery'), id, now, status === 'failed' ? 500 : 200, status === 'failed' ? 'http_status' : null],
      );
    }
    const first = await subscriptions.deliveries(actor, hook.id, { filters: { status: 'all' }, limit: 3 });
    expect(first.items.map((d) => d.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(first.nextKey).not.toBeNull();
    const second = await subscriptions.deliveries(actor, hook.id, { filters: { status: 'all' }, limit: 3, after: first.nextKey ?? [] });
    expect(second.items.map((d) => d.id)).toEqual([ids[0]]);
    expect(second.nextKey).toBeNull();

    const failed = await subscriptions.deliveries(actor, hook.id, { filters: { status: 'failed' }, limit: 10 });
    expect(failed.items.map((d) => [d.id, d.last_response_status, d.last_error_kind])).toEqual([
      [ids[3], 500, 'http_status'],
      [ids[1], 500, 'http_status'],
    ]);
    const detail = await subscriptions.delivery(actor, hook.id, ids[1] ?? '');
    expect(detail.attempts).toEqual([
      expect.objectContaining({ attempt: 1, duration_ms: 12, request_headers: { 'webhook-id': 'x' }, response_status: 500, error_kind: 'http_status' }),
    ]);
    const other = await admin();
    expect(await domainErrorCode(subscriptions.delivery(other, hook.id, ids[1] ?? ''))).toBe('not_found');
  });

  it("'failing' lists the failed deliveries and those still retried after a failed attempt, not the untried or succeeded ones", async () => {
    const actor = await admin();
    const hook = await subscriptions.create(actor, { url: 'http://example.test/failing', events: ['conversation.ready'] });
    const cases = [
      ['succeeded', 'http_status_none'],
      ['failed', 'http_status'],
      ['pending', 'timeout'], // failing, and retried later
      ['pending', null], // not tried yet
    ] as const;
    const ids: string[] = [];
    for (const [i, [status, errorKind]] of cases.entries()) {
      const id = newId('delivery');
      ids.push(id);
      const attempts = errorKind === null ? 0 : 1;
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, created_at)
         VALUES ($1, $2, $3, $4, 'conversation.ready', '{}', $5, $6, $7)`,
        [id, actor.workspaceId, hook.id, newId('event'), status, attempts, new Date(now.getTime() + i * 1000)],
      );
      if (errorKind === null) continue;
      await db.dataSource.query(
        `INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body, response_status, error_kind)
         VALUES ($1, $2, 1, $3, 12, 'http://example.test/failing', '{}', '{}', $4, $5)`,
        [newId('delivery'), id, now, status === 'succeeded' ? 200 : null, status === 'succeeded' ? null : errorKind],
      );
    }
    const failing = await subscriptions.deliveries(actor, hook.id, { filters: { status: 'failing' }, limit: 10 });
    expect(failing.items.map((d) => [d.id, d.status])).toEqual([
      [ids[2], 'pending'],
      [ids[1], 'failed'],
    ]);
    const failed = await subscriptions.deliveries(actor, hook.id, { filters: { status: 'failed' }, limit: 10 });
    expect(failed.items.map((d) => d.id)).toEqual([ids[1]]);
  });

  it('deleting a webhook removes it with its delivery log', async () => {
    const actor = await admin();
    const hook = await subscriptions.create(actor, { url: 'http://example.test/d', events: ['conversation.ready'] });
    await subscriptions.sendTestEvent(actor, hook.id);
    await subscriptions.delete(actor, hook.id);
    expect(await row(hook.id)).toBeUndefined();
    expect(await db.dataSource.query(`SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id])).toEqual([]);
    now = new Date(now.getTime() + 1000);
  });
});
