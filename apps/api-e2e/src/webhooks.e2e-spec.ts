import type { HttpMethod, Problem } from '@cs/api-client';
import { WEBHOOK_ROUTES } from '@cs/api-routes';
import { newId } from '@cs/domain';
import { UNKNOWN_EVENT_TYPE_REASON } from '@cs/webhook-subscriptions';
import type { Actor, World } from './support/api-environment';
import { useApiWithAuth } from './support/auth-beside-api';
import { insertDelivery } from './support/webhook-fixtures';
import { idempotencyKey } from './support/writes';

/** The auth app runs beside the api only so that a real OAuth access token can be shown to be refused (403). */
const { env, accessToken } = useApiWithAuth({
  signingKeySecret: 'api-e2e-webhooks-signing-key-secret-0123456789abcdefg',
  cookieKeys: 'api-e2e-webhooks-cookie-key-0123456789abcdefghijklmn',
});

interface WebhookBody {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  previous_secret_expires_at: string | null;
  secret?: string;
  created_at: string;
}

interface DeliveryBody {
  id: string;
  event_id: string;
  event_type: string;
  origin: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  last_response_status: number | null;
  last_error_kind: string | null;
  payload?: Record<string, unknown>;
  attempts?: Record<string, unknown>[];
}

const HOOK = { url: 'https://hooks.example.test/in', events: ['conversation.ready', 'conversation.deleted'] };

async function createWebhook(actor: Actor, body: unknown = HOOK): Promise<WebhookBody> {
  const response = await actor.client.request<WebhookBody>('POST', '/api/v1/webhooks', { json: body });
  expect(response.status).toBe(201);
  return response.body;
}

async function webhookRows(workspaceId: string): Promise<{ webhooks: number; deliveries: number }> {
  const [row] = await env.db.dataSource.query<{ webhooks: number; deliveries: number }[]>(
    `SELECT (SELECT count(*)::int FROM webhooks WHERE workspace_id = $1) AS webhooks,
            (SELECT count(*)::int FROM webhook_deliveries WHERE workspace_id = $1) AS deliveries`,
    [workspaceId],
  );
  if (!row) throw new Error('no count row');
  return row;
}

/** Every webhook endpoint, for one webhook (and one delivery of it), with a body that succeeds for an admin. */
function everyEndpoint(webhookId: string, deliveryId: string): Array<[HttpMethod, string, Record<string, string>, unknown]> {
  const ids = { id: webhookId };
  return [
    ['POST', '/api/v1/webhooks', {}, HOOK],
    ['GET', '/api/v1/webhooks', {}, undefined],
    ['GET', '/api/v1/webhooks/{id}', ids, undefined],
    ['PATCH', '/api/v1/webhooks/{id}', ids, { description: 'changed' }],
    ['POST', '/api/v1/webhooks/{id}/rotate-secret', ids, undefined],
    ['POST', '/api/v1/webhooks/{id}/test', ids, undefined],
    ['GET', '/api/v1/webhooks/{id}/deliveries', ids, undefined],
    ['GET', '/api/v1/webhooks/{id}/deliveries/{delivery_id}', { ...ids, delivery_id: deliveryId }, undefined],
    ['POST', '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', { ...ids, delivery_id: deliveryId }, undefined],
    ['DELETE', '/api/v1/webhooks/{id}', ids, undefined],
  ];
}

async function worldWithWebhook(): Promise<{ world: World; webhook: WebhookBody; deliveryId: string }> {
  const world = await env.world();
  const webhook = await createWebhook(world.admin);
  const { id } = await insertDelivery(env.db, { id: webhook.id, workspaceId: world.workspace.id }, { status: 'failed', createdAt: new Date(), attempts: [{ status: 500, errorKind: 'http_status' }] });
  return { world, webhook, deliveryId: id };
}

describe('POST /api/v1/webhooks', () => {
  it('an admin creates a webhook: 201 with its whsec_ secret shown once; reads never show it', async () => {
    const { admin, workspace } = await env.world();
    const created = await createWebhook(admin, { ...HOOK, events: ['conversation.deleted', 'conversation.ready'], description: 'CRM sync' });
    // The documented example is what a create answers, but for its ids, URL, times and secret.
    expect(created).toEqual({
      ...(WEBHOOK_ROUTES.create.success.example as object),
      id: expect.stringMatching(/^whk_/),
      owner_id: admin.user.id,
      url: HOOK.url,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const { secret: _secret, ...shown } = created;
    expect((await admin.client.request('GET', '/api/v1/webhooks/{id}', { pathParams: { id: created.id } })).body).toEqual(shown);
    expect((await admin.client.request('GET', '/api/v1/webhooks')).body).toEqual({ data: [shown], next_cursor: null, has_more: false });
    const [row] = await env.db.dataSource.query(`SELECT owner_id, secret_sealed FROM webhooks WHERE id = $1`, [created.id]);
    expect(row.owner_id).toBe(admin.user.id);
    expect(row.secret_sealed).not.toContain(created.secret?.slice(6));
    expect(await webhookRows(workspace.id)).toEqual({ webhooks: 1, deliveries: 0 });
  });

  it('a repeat with the same Idempotency-Key replays the answer, secret included, without storing the secret in clear', async () => {
    const { admin, workspace } = await env.world();
    const key = idempotencyKey('webhook');
    const first = await admin.client.request<WebhookBody>('POST', '/api/v1/webhooks', { json: HOOK, headers: { 'Idempotency-Key': key } });
    const again = await admin.client.request<WebhookBody>('POST', '/api/v1/webhooks', { json: HOOK, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await webhookRows(workspace.id)).toEqual({ webhooks: 1, deliveries: 0 });
    const stored = await env.db.dataSource.query(`SELECT response_body::text AS body FROM idempotency_keys WHERE workspace_id = $1`, [workspace.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].body).not.toContain(first.body.secret);
  });

  it('rejects every bad input with 400 naming each field, and writes nothing', async () => {
    const { admin, workspace } = await env.world();
    const cases: Array<[unknown, Array<{ name: string; reason: string }>]> = [
      [{ ...HOOK, url: '/relative' }, [{ name: 'url', reason: 'must be an absolute http(s) URL' }]],
      [{ ...HOOK, url: 'ftp://example.test/in' }, [{ name: 'url', reason: 'must be an absolute http(s) URL' }]],
      [{ ...HOOK, url: 'https://user:secret@example.test/in' }, [{ name: 'url', reason: 'must not contain credentials' }]],
      [{ ...HOOK, url: `https://example.test/${'a'.repeat(2048)}` }, [{ name: 'url', reason: 'must be at most 2048 characters' }]],
      [{ ...HOOK, events: ['conversation.ready', 'conversation.exploded'] }, [{ name: 'events[1]', reason: UNKNOWN_EVENT_TYPE_REASON }]],
      [{ ...HOOK, events: [] }, [{ name: 'events', reason: 'must name at least one event type' }]],
      [{ url: HOOK.url }, [{ name: 'events', reason: 'is required' }]],
      [{ ...HOOK, description: 'x'.repeat(501) }, [{ name: 'description', reason: 'must be at most 500 characters' }]],
      [{ ...HOOK, secret: 'whsec_mine' }, [{ name: 'secret', reason: 'unknown field' }]],
    ];
    for (const [json, invalidParams] of cases) {
      const response = await admin.client.request<Problem>('POST', '/api/v1/webhooks', { json });
      expect({ json, status: response.status, code: response.body.code, invalid_params: response.body.invalid_params }).toEqual({ json, status: 400, code: 'invalid_parameter', invalid_params: invalidParams });
    }
    const text = await admin.client.request<Problem>('POST', '/api/v1/webhooks', { rawBody: 'url=x', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.body.code]).toEqual([415, 'unsupported_media_type']);
    const array = await admin.client.request<Problem>('POST', '/api/v1/webhooks', { json: [HOOK] });
    expect([array.status, array.body.code]).toEqual([400, 'invalid_body']);
    expect(await webhookRows(workspace.id)).toEqual({ webhooks: 0, deliveries: 0 });
  });
});

describe('who may manage webhooks', () => {
  it('a member gets 403 forbidden on every webhook endpoint, and nothing changes', async () => {
    const { world, webhook, deliveryId } = await worldWithWebhook();
    const before = await webhookRows(world.workspace.id);
    for (const [method, path, pathParams, json] of everyEndpoint(webhook.id, deliveryId)) {
      const response = await world.member.client.request<Problem>(method, path, { pathParams, json });
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({ method, path, status: 403, code: 'forbidden' });
    }
    expect(await webhookRows(world.workspace.id)).toEqual(before);
  });

  it('an OAuth access token, even an admin’s, gets 403 api_key_required on every webhook endpoint', async () => {
    const { world, webhook, deliveryId } = await worldWithWebhook();
    const token = await accessToken(world.admin, 'openid conversations:read folders:read email');
    const oauth = env.client(token);
    await expect(oauth.me()).resolves.toMatchObject({ user_id: world.admin.user.id });
    const before = await webhookRows(world.workspace.id);
    for (const [method, path, pathParams, json] of everyEndpoint(webhook.id, deliveryId)) {
      const response = await oauth.request<Problem>(method, path, { pathParams, json });
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({ method, path, status: 403, code: 'api_key_required' });
    }
    expect(await webhookRows(world.workspace.id)).toEqual(before);
  });

  it("another workspace's webhook and delivery, unknown and malformed ids are 404 for an admin, and nothing changes", async () => {
    const here = await env.world();
    const { world: there, webhook, deliveryId } = await worldWithWebhook();
    const before = await webhookRows(there.workspace.id);
    const targets: Array<[string, string]> = [
      [webhook.id, deliveryId],
      [newId('webhook'), newId('delivery')],
      ['whk_nonsense', 'dlv_nonsense'],
    ];
    for (const [webhookId, delivery] of targets) {
      for (const [method, path, pathParams, json] of everyEndpoint(webhookId, delivery)) {
        if (Object.keys(pathParams).length === 0) continue;
        const response = await here.admin.client.request<Problem>(method, path, { pathParams, json });
        expect({ method, path, webhookId, status: response.status, code: response.body.code }).toEqual({ method, path, webhookId, status: 404, code: 'not_found' });
      }
    }
    // A delivery of another webhook is not found under this one either.
    const mine = await createWebhook(there.admin);
    const response = await there.admin.client.request<Problem>('GET', '/api/v1/webhooks/{id}/deliveries/{delivery_id}', { pathParams: { id: mine.id, delivery_id: deliveryId } });
    expect(response.status).toBe(404);
    expect(await webhookRows(there.workspace.id)).toEqual({ ...before, webhooks: before.webhooks + 1 });
  });

  it("another admin of the workspace sees a webhook an admin created and may turn it off, but not change it or read its log (403)", async () => {
    const world = await env.world();
    const webhook = await createWebhook(world.admin);
    const second = await env.actor(world.workspace, 'admin');
    const seen = await second.client.request<WebhookBody>('GET', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id } });
    expect(seen.body).toMatchObject({ id: webhook.id, owner_id: world.admin.user.id });
    const changed = await second.client.request<Problem>('PATCH', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id }, json: { url: 'https://attacker.example.test/in' } });
    expect([changed.status, changed.body.code]).toEqual([403, 'forbidden']);
    const log = await second.client.request<Problem>('GET', '/api/v1/webhooks/{id}/deliveries', { pathParams: { id: webhook.id } });
    expect([log.status, log.body.code]).toEqual([403, 'forbidden']);
    const off = await second.client.request<WebhookBody>('PATCH', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id }, json: { enabled: false } });
    expect(off.body).toMatchObject({ id: webhook.id, enabled: false, disabled_reason: 'manual', url: webhook.url });
  });
});

describe('PATCH, rotate-secret and DELETE', () => {
  it('turns a webhook off (manual) and, after the worker disabled it for failing, back on with its failing run cleared', async () => {
    const { admin } = await env.world();
    const webhook = await createWebhook(admin);
    const patch = (json: unknown) => admin.client.request<WebhookBody>('PATCH', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id }, json });
    expect((await patch({ enabled: false })).body).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    await env.db.dataSource.query(`UPDATE webhooks SET disabled_reason = 'failing', failing_since = now() - interval '3 days' WHERE id = $1`, [webhook.id]);
    expect((await patch({})).body).toMatchObject({ enabled: false, disabled_reason: 'failing', failing_since: expect.any(String) });
    const enabled = await patch({ enabled: true, url: 'https://hooks.example.test/v2', events: ['conversation.failed'], description: null });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, url: 'https://hooks.example.test/v2', events: ['conversation.failed'], description: null });
    const bad = await admin.client.request<Problem>('PATCH', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id }, json: { enabled: 'yes', events: ['nope'] } });
    expect(bad.body.invalid_params).toEqual([
      { name: 'events[0]', reason: UNKNOWN_EVENT_TYPE_REASON },
      { name: 'enabled', reason: 'must be true or false' },
    ]);
  });

  it('rotating answers a new secret; the previous one keeps signing for 24 hours', async () => {
    const { admin } = await env.world();
    const webhook = await createWebhook(admin);
    const before = Date.now();
    const rotated = await admin.client.request<WebhookBody>('POST', '/api/v1/webhooks/{id}/rotate-secret', { pathParams: { id: webhook.id } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(webhook.secret);
    const until = Date.parse(rotated.body.previous_secret_expires_at ?? '');
    expect(until - before).toBeGreaterThanOrEqual(24 * 3600 * 1000 - 5000);
    expect(until - before).toBeLessThanOrEqual(24 * 3600 * 1000 + 5000);
    const [row] = await env.db.dataSource.query(`SELECT secret_sealed, previous_secret_sealed FROM webhooks WHERE id = $1`, [webhook.id]);
    expect(row.previous_secret_sealed).not.toBeNull();
    expect(row.previous_secret_sealed).not.toBe(row.secret_sealed);
  });

  it('DELETE answers 204 and removes the webhook with its delivery log', async () => {
    const { world, webhook } = await worldWithWebhook();
    const response = await world.admin.client.request('DELETE', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id } });
    expect(response.status).toBe(204);
    expect(await webhookRows(world.workspace.id)).toEqual({ webhooks: 0, deliveries: 0 });
    expect((await world.admin.client.request('GET', '/api/v1/webhooks/{id}', { pathParams: { id: webhook.id } })).status).toBe(404);
  });
});

describe('the delivery log, Redeliver and Send test event', () => {
  it('Send test event writes a pending webhook.test delivery due now, with a new evt_ id', async () => {
    const { admin, workspace } = await env.world();
    const webhook = await createWebhook(admin);
    const response = await admin.client.request<DeliveryBody>('POST', '/api/v1/webhooks/{id}/test', { pathParams: { id: webhook.id } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ origin: 'test', status: 'pending', event_type: 'webhook.test', attempt_count: 0, attempts: [] });
    expect(response.body.payload).toEqual({ id: response.body.event_id, type: 'webhook.test', created_at: expect.any(String), data: { webhook_id: webhook.id, message: expect.any(String) } });
    const [row] = await env.db.dataSource.query(`SELECT status, origin, next_attempt_at <= now() AS due, workspace_id FROM webhook_deliveries WHERE id = $1`, [response.body.id]);
    expect(row).toEqual({ status: 'pending', origin: 'test', due: true, workspace_id: workspace.id });
  });

  it('Redeliver writes a new pending delivery with the same event id and payload; the original stays', async () => {
    const { world, webhook, deliveryId } = await worldWithWebhook();
    const original = await world.admin.client.request<DeliveryBody>('GET', '/api/v1/webhooks/{id}/deliveries/{delivery_id}', { pathParams: { id: webhook.id, delivery_id: deliveryId } });
    const response = await world.admin.client.request<DeliveryBody>('POST', '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', { pathParams: { id: webhook.id, delivery_id: deliveryId } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ origin: 'redelivery', status: 'pending', event_id: original.body.event_id, payload: original.body.payload, attempt_count: 0 });
    expect(response.body.id).not.toBe(deliveryId);
    const rows = await env.db.dataSource.query(`SELECT id, status FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id`, [webhook.id]);
    expect(rows).toEqual([{ id: deliveryId, status: 'failed' }, { id: response.body.id, status: 'pending' }]);
  });

  it('lists deliveries newest first in pages, filters failed ones, and shows each attempt in full', async () => {
    const { admin, workspace } = await env.world();
    const webhook = await createWebhook(admin);
    const target = { id: webhook.id, workspaceId: workspace.id };
    const t = Date.now() - 60_000;
    const ok = await insertDelivery(env.db, target, { status: 'succeeded', createdAt: new Date(t), attempts: [{ status: 200, errorKind: null }] });
    const failed = await insertDelivery(env.db, target, { status: 'failed', createdAt: new Date(t + 1000), attempts: [{ status: null, errorKind: 'timeout' }, { status: 503, errorKind: 'http_status' }] });
    const pending = await insertDelivery(env.db, target, { status: 'pending', createdAt: new Date(t + 2000), attempts: [] });
    const list = (query: Record<string, string>) =>
      admin.client.request<{ data: DeliveryBody[]; next_cursor: string | null; has_more: boolean } & Problem>('GET', '/api/v1/webhooks/{id}/deliveries', { pathParams: { id: webhook.id }, query });

    const first = await list({ limit: '2' });
    expect(first.body.data.map((d) => d.id)).toEqual([pending.id, failed.id]);
    expect(first.body.data[1]).toMatchObject({ status: 'failed', attempt_count: 2, last_response_status: 503, last_error_kind: 'http_status' });
    const second = await list({ limit: '2', cursor: first.body.next_cursor ?? '' });
    expect(second.body).toMatchObject({ data: [expect.objectContaining({ id: ok.id, last_response_status: 200, last_error_kind: null })], has_more: false, next_cursor: null });
    expect((await list({ status: 'failed' })).body.data.map((d) => d.id)).toEqual([failed.id]);

    const changed = await list({ status: 'failed', cursor: first.body.next_cursor ?? '' });
    expect([changed.status, changed.body.code]).toEqual([400, 'invalid_cursor']);
    for (const query of [{ status: 'broken' }, { limit: '0' }, { since: 'yesterday' }] as Record<string, string>[]) {
      const bad = await list(query);
      expect({ query, status: bad.status, code: bad.body.code }).toEqual({ query, status: 400, code: 'invalid_parameter' });
    }
    // A cursor of one webhook's log does not page through another's.
    const other = await createWebhook(admin);
    const foreign = await admin.client.request<Problem>('GET', '/api/v1/webhooks/{id}/deliveries', { pathParams: { id: other.id }, query: { cursor: first.body.next_cursor ?? '' } });
    expect([foreign.status, foreign.body.code]).toEqual([400, 'invalid_cursor']);

    const detail = await admin.client.request<DeliveryBody>('GET', '/api/v1/webhooks/{id}/deliveries/{delivery_id}', { pathParams: { id: webhook.id, delivery_id: failed.id } });
    expect(detail.body.event_id).toBe(failed.eventId);
    expect(detail.body.attempts).toEqual([
      expect.objectContaining({ attempt: 1, response_status: null, response_headers: null, error_kind: 'timeout', request_headers: expect.objectContaining({ 'webhook-id': failed.eventId }) }),
      expect.objectContaining({ attempt: 2, response_status: 503, response_body: 'answer 2', error_kind: 'http_status', duration_ms: 41 }),
    ]);
  });

  it('lists webhooks newest first with cursors', async () => {
    const { admin } = await env.world();
    const a = await createWebhook(admin);
    const b = await createWebhook(admin);
    const first = await admin.client.request<{ data: WebhookBody[]; next_cursor: string }>('GET', '/api/v1/webhooks', { query: { limit: '1' } });
    expect(first.body.data.map((w) => w.id)).toEqual([b.id]);
    const second = await admin.client.request<{ data: WebhookBody[]; has_more: boolean }>('GET', '/api/v1/webhooks', { query: { limit: '1', cursor: first.body.next_cursor } });
    expect(second.body).toMatchObject({ data: [expect.objectContaining({ id: a.id })], has_more: false });
  });
});
