import { type TestWorkspace, useBrowser } from '@cs/testing';
import { DEV_WEBHOOK_SECRET_KEY } from '@cs/config';
import { newId } from '@cs/domain';
import { openWebhookSecret } from '@cs/events';
import { type Person, useAuthStack } from './support/auth-stack';
import { screenshot } from './support/browser';
import { BrowserUser } from './support/browser-user';

/**
 * Issue 5, developer settings → Webhooks, driven in Chromium: an admin adds a webhook and sees its secret once,
 * sends a test event and redelivers (asserted on the delivery rows the buttons write; the worker is not running
 * here), filters failed deliveries, reads an attempt's detail, disables, re-enables, rotates and deletes; a member
 * cannot reach any of it. The stack leaves WEBHOOK_SECRET_KEY unset, so the auth app seals with the development key.
 */
const stack = useAuthStack();
const browser = useBrowser();

let workspace: TestWorkspace;
let admin: Person;

beforeAll(async () => {
  workspace = await stack.workspace('Acme Hooks');
  admin = await stack.person(workspace, { role: 'admin', emailPrefix: 'hooks-admin' });
}, 120_000);

const asAdmin = <T>(run: (user: BrowserUser) => Promise<T>, person: Person = admin): Promise<T> =>
  BrowserUser.with(browser(), person, run, { signIn: { authUrl: stack.authUrl, returnTo: '/developer' } });

const button = (value: string) => `button[name="action"][value="${value}"]`;

async function deliveries(webhookId: string) {
  return stack.db.dataSource.query<{ id: string; event_id: string; event_type: string; origin: string; status: string; due: boolean; payload: Record<string, unknown> }[]>(
    `SELECT id, event_id, event_type, origin, status, next_attempt_at <= now() AS due, payload FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at, id`,
    [webhookId],
  );
}

/** Adds a webhook through the form and returns its id and the secret the page revealed. */
async function addWebhook(user: BrowserUser, url: string): Promise<{ id: string; secret: string }> {
  await user.page.goto(`${stack.authUrl}/developer/webhooks/new?workspace=${workspace.id}`);
  await user.page.locator('#webhook-url').fill(url);
  await user.page.getByLabel('conversation.failed').check();
  await user.page.locator('#webhook-description').fill('CRM sync');
  expect((await user.submit(button('save_webhook'))).status()).toBe(303);
  const secret = await user.page.locator('#revealed-secret').inputValue();
  const id = await user.page.locator('.facts code').first().innerText();
  return { id, secret };
}

async function insertDelivery(webhookId: string, status: 'succeeded' | 'failed' | 'pending', createdAt: Date, responseStatus: number, errorKind: string | null) {
  const id = newId('delivery', createdAt);
  const eventId = newId('event', createdAt);
  const payload = { id: eventId, type: 'conversation.ready', created_at: createdAt.toISOString(), data: { id: newId('conversation'), title: 'Pricing sync', started_at: null, status: 'ready' } };
  await stack.db.dataSource.query(
    `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, created_at, updated_at, completed_at, next_attempt_at)
     VALUES ($1, $2, $3, $4, 'conversation.ready', $5, $6, 1, $7, $7, CASE WHEN $6 = 'pending' THEN NULL ELSE $7::timestamptz END,
             CASE WHEN $6 = 'pending' THEN $7::timestamptz + interval '5 minutes 7 seconds' END)`,
    [id, workspace.id, webhookId, eventId, JSON.stringify(payload), status, createdAt],
  );
  await stack.db.dataSource.query(
    `INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body, response_status, response_headers, response_body, error_kind, error_message)
     VALUES ($1, $2, 1, $3, 5003, 'http://127.0.0.1:9/hook', $4, $5, $6, $7, $8, $9, $10)`,
    [
      newId('delivery'),
      id,
      createdAt,
      JSON.stringify({ 'content-type': 'application/json', 'webhook-id': eventId, 'webhook-timestamp': '1767225600', 'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=' }),
      JSON.stringify(payload),
      responseStatus,
      JSON.stringify({ 'content-type': 'text/plain', 'retry-after': '120' }),
      status === 'succeeded' ? 'ok' : 'Service temporarily unavailable: maintenance until 10:00',
      errorKind,
      errorKind ? `The endpoint answered ${responseStatus}` : null,
    ],
  );
  return { id, eventId };
}

describe('developer settings → Webhooks', () => {
  it('an admin adds a webhook and sees its signing secret once, stored sealed', async () => {
    await asAdmin(async (user) => {
      await user.page.goto(`${stack.authUrl}/developer?workspace=${workspace.id}`);
      expect(await user.page.locator('#webhooks-title').innerText()).toBe('Webhooks');
      await user.page.getByRole('link', { name: 'Add a webhook' }).click();
      await screenshot(user.page, 'webhook-new');
      const { id, secret } = await addWebhook(user, 'http://127.0.0.1:9/hook');
      expect(id).toMatch(/^whk_/);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(await user.page.locator('#revealed-title').innerText()).toContain('signing secret');
      await screenshot(user.page, 'webhook-created-secret');

      const [row] = await stack.db.dataSource.query(`SELECT owner_id, url, events, description, secret_sealed FROM webhooks WHERE id = $1`, [id]);
      expect(row).toMatchObject({ owner_id: admin.user.id, url: 'http://127.0.0.1:9/hook', events: ['conversation.ready', 'conversation.failed'], description: 'CRM sync' });
      expect(openWebhookSecret(DEV_WEBHOOK_SECRET_KEY, row.secret_sealed)).toBe(secret);

      // Shown once: the webhook's page, reloaded, has no secret; the list in developer settings shows the webhook.
      await user.page.goto(`${stack.authUrl}/developer/webhooks/${id}?workspace=${workspace.id}`);
      expect(await user.page.locator('#revealed-secret').count()).toBe(0);
      expect(await user.page.content()).not.toContain(secret);
      await user.page.goto(`${stack.authUrl}/developer?workspace=${workspace.id}`);
      const listed = user.page.locator('table.webhooks tbody tr');
      expect(await listed.count()).toBe(1);
      expect(await listed.innerText()).toContain('http://127.0.0.1:9/hook');
      expect(await listed.innerText()).toContain('Enabled');
      await screenshot(user.page, 'developer-settings-webhooks');
    });
  });

  it('shows every form problem at once and keeps what was typed', async () => {
    await asAdmin(async (user) => {
      await user.page.goto(`${stack.authUrl}/developer/webhooks/new?workspace=${workspace.id}`);
      await user.page.locator('#webhook-url').fill('https://user:secret@hooks.example.test/in');
      await user.page.getByLabel('conversation.ready').uncheck();
      expect((await user.submit(button('save_webhook'))).status()).toBe(400);
      const summary = await user.page.locator('#error-summary').innerText();
      expect(summary).toContain('Endpoint URL must not contain credentials.');
      expect(summary).toContain('Events must name at least one event type.');
      expect(await user.page.locator('#webhook-url').inputValue()).toBe('https://user:secret@hooks.example.test/in');
      await screenshot(user.page, 'webhook-form-errors');
    });
  });

  it('Send test event and Redeliver write pending deliveries the worker picks up; the log shows them', async () => {
    await asAdmin(async (user) => {
      const { id } = await addWebhook(user, 'http://127.0.0.1:9/test-hook');
      expect((await user.submit(button('send_test_event'))).status()).toBe(303);
      expect(await user.page.locator('.alert-success').innerText()).toContain('A test event is on its way');
      const [test] = await deliveries(id);
      expect(test).toMatchObject({ origin: 'test', status: 'pending', event_type: 'webhook.test', due: true });
      expect(test?.payload).toMatchObject({ id: test?.event_id, type: 'webhook.test', data: { webhook_id: id } });
      const row = user.page.locator(`tr[data-delivery-id="${test?.id}"]`);
      expect(await row.innerText()).toContain('Test event');
      expect(await row.innerText()).toContain('Pending');

      // Still pending: no Redeliver, which would duplicate it (issue 19). Once it is over, Redeliver is offered.
      expect(await row.locator(button('redeliver')).count()).toBe(0);
      await stack.db.dataSource.query(`UPDATE webhook_deliveries SET status = 'succeeded', completed_at = now() WHERE id = $1`, [test?.id]);
      await user.page.reload();
      expect((await user.submit(`tr[data-delivery-id="${test?.id}"] ${button('redeliver')}`)).status()).toBe(303);
      const after = await deliveries(id);
      expect(after).toHaveLength(2);
      expect(after[1]).toMatchObject({ origin: 'redelivery', status: 'pending', event_id: test?.event_id, payload: test?.payload, due: true });
      expect(await user.page.locator(`tr[data-delivery-id="${after[1]?.id}"] ${button('redeliver')}`).count()).toBe(0);
      expect(await user.page.locator('table.deliveries tbody tr').count()).toBe(2);
      await screenshot(user.page, 'webhook-test-and-redeliver');
    });
  });

  it('filters failed deliveries and shows an attempt in full: request, response, duration, error kind', async () => {
    await asAdmin(async (user) => {
      const { id } = await addWebhook(user, 'http://127.0.0.1:9/log-hook');
      const t = Date.now() - 3_600_000;
      const ok = await insertDelivery(id, 'succeeded', new Date(t), 204, null);
      const failed = await insertDelivery(id, 'failed', new Date(t + 60_000), 503, 'http_status');
      await user.page.goto(`${stack.authUrl}/developer/webhooks/${id}?workspace=${workspace.id}`);
      expect(await user.page.locator('table.deliveries tbody tr').count()).toBe(2);

      await user.page.getByRole('link', { name: 'Failed only' }).click();
      await user.page.waitForURL((url) => url.searchParams.get('status') === 'failed');
      const rows = user.page.locator('table.deliveries tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.getAttribute('data-delivery-id')).toBe(failed.id);
      expect(await rows.innerText()).toContain('Failed');
      expect(await rows.innerText()).toContain('503');
      expect(await user.page.locator(`tr[data-delivery-id="${ok.id}"]`).count()).toBe(0);
      await screenshot(user.page, 'webhook-log-failed-only');

      await rows.getByRole('link', { name: /Details/ }).click();
      await user.page.locator('#attempt-1').waitFor();
      const attempt = await user.page.locator('section.attempt').innerText();
      for (const expected of ['Attempt 1', '5003 ms', '503', 'http_status', 'retry-after', 'Service temporarily unavailable', failed.eventId, 'webhook-signature', 'The endpoint answered 503']) {
        expect({ expected, found: attempt.includes(expected) }).toEqual({ expected, found: true });
      }
      await screenshot(user.page, 'webhook-attempt-detail');

      // Redeliver from the detail page: a new delivery of the same event.
      expect((await user.submit(button('redeliver'))).status()).toBe(303);
      expect((await deliveries(id)).filter((d) => d.event_id === failed.eventId).map((d) => d.origin)).toEqual(['event', 'redelivery']);
    });
  });

  it('Recover sends again, once, every event that failed since the time given (UTC)', async () => {
    await asAdmin(async (user) => {
      const { id } = await addWebhook(user, 'http://127.0.0.1:9/recover-hook');
      const t = Date.now() - 2 * 3_600_000;
      const old = await insertDelivery(id, 'failed', new Date(t - 86_400_000), 503, 'http_status');
      const lost = await insertDelivery(id, 'failed', new Date(t), 503, 'http_status');
      await insertDelivery(id, 'succeeded', new Date(t + 60_000), 204, null);
      await user.page.goto(`${stack.authUrl}/developer/webhooks/${id}?workspace=${workspace.id}`);
      await user.page.fill('#recover-since', new Date(t - 60_000).toISOString().slice(0, 16));
      await screenshot(user.page, 'webhook-recover');
      expect((await user.submit(button('recover'))).status()).toBe(303);
      expect(await user.page.locator('.alert').innerText()).toContain('being sent again');
      const recovered = (await deliveries(id)).filter((d) => d.origin === 'redelivery');
      expect(recovered.map((d) => [d.event_id, d.status, d.due])).toEqual([[lost.eventId, 'pending', true]]);
      expect(recovered.map((d) => d.event_id)).not.toContain(old.eventId);
      // Pending now: recovering again sends nothing twice.
      await user.page.fill('#recover-since', new Date(t - 60_000).toISOString().slice(0, 16));
      expect((await user.submit(button('recover'))).status()).toBe(303);
      expect(await user.page.locator('.alert').innerText()).toContain('nothing was sent again');
      expect((await deliveries(id)).filter((d) => d.origin === 'redelivery')).toHaveLength(1);
    });
  });

  it('"Failed only" includes a delivery failing and still retried, with its next attempt to the second; older pages use a signed cursor', async () => {
    await asAdmin(async (user) => {
      const { id } = await addWebhook(user, 'http://127.0.0.1:9/retry-hook');
      const t = Date.UTC(2026, 10, 22, 15, 9, 58);
      const failed = await insertDelivery(id, 'failed', new Date(t), 503, 'http_status');
      const retrying = await insertDelivery(id, 'pending', new Date(t + 5_000), 503, 'http_status');
      await user.page.goto(`${stack.authUrl}/developer/webhooks/${id}?workspace=${workspace.id}&status=failed`);
      const rows = user.page.locator('table.deliveries tbody tr');
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-delivery-id')))).toEqual([retrying.id, failed.id]);
      const retryRow = user.page.locator(`tr[data-delivery-id="${retrying.id}"]`);
      expect(await retryRow.innerText()).toContain('Failing, retrying');
      expect(await retryRow.innerText()).toMatch(/Next attempt\s+22 Nov 2026,\s+15:15:10 UTC/);
      expect(await retryRow.innerText()).toMatch(/15:10:03 UTC/);
      expect(await user.page.locator(`tr[data-delivery-id="${failed.id}"]`).innerText()).toMatch(/15:09:58 UTC/);
      expect(await retryRow.locator(button('redeliver')).count()).toBe(0);
      await screenshot(user.page, 'webhook-log-failing-retrying');

      // 30 more failed deliveries: the log pages by 25, the "older" link carries a signed cursor, not ?after=.
      for (let i = 1; i <= 30; i += 1) await insertDelivery(id, 'failed', new Date(t - i * 60_000), 503, 'http_status');
      await user.page.reload();
      expect(await rows.count()).toBe(25);
      const older = user.page.getByRole('link', { name: 'Older deliveries' });
      const href = new URL((await older.getAttribute('href')) ?? '', stack.authUrl);
      expect(href.searchParams.get('after')).toBeNull();
      expect(href.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      await older.click();
      await user.page.waitForURL((url) => url.searchParams.has('cursor'));
      expect(await rows.count()).toBe(7);
      // A tampered cursor (or an unsigned ?after=) starts again at the newest page.
      const tampered = new URL(href);
      tampered.searchParams.set('cursor', `${href.searchParams.get('cursor')?.slice(0, -2)}AA`);
      await user.page.goto(tampered.href);
      expect(await rows.first().getAttribute('data-delivery-id')).toBe(retrying.id);
    });
  });

  it('disables, shows a webhook the worker disabled for failing, re-enables it, rotates its secret, edits and deletes it', async () => {
    await asAdmin(async (user) => {
      const { id, secret } = await addWebhook(user, 'http://127.0.0.1:9/life-hook');
      const status = () => user.page.locator('.facts').innerText();
      await user.submit(button('disable'));
      expect(await status()).toContain('Disabled by an admin');

      await stack.db.dataSource.query(`UPDATE webhooks SET disabled_reason = 'failing', failing_since = now() - interval '3 days' WHERE id = $1`, [id]);
      await user.page.reload();
      expect(await status()).toContain('Disabled: kept failing');
      expect(await status()).toContain('Failing since');
      await screenshot(user.page, 'webhook-disabled-failing');
      await user.submit(button('enable'));
      expect(await status()).toContain('Enabled');
      const [enabled] = await stack.db.dataSource.query(`SELECT enabled, disabled_reason, failing_since FROM webhooks WHERE id = $1`, [id]);
      expect(enabled).toEqual({ enabled: true, disabled_reason: null, failing_since: null });

      await user.page.getByRole('link', { name: 'Rotate secret' }).click();
      expect((await user.submit(button('rotate_secret'))).status()).toBe(303);
      const rotated = await user.page.locator('#revealed-secret').inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      expect(await status()).toContain('Still signs beside the new one until');
      await screenshot(user.page, 'webhook-rotated-secret');

      await user.page.getByRole('link', { name: 'Edit' }).click();
      await user.page.locator('#webhook-description').fill('Billing sync');
      await user.page.getByLabel('conversation.deleted').check();
      expect((await user.submit(button('save_webhook'))).status()).toBe(303);
      expect(await user.page.locator('.page-header').innerText()).toContain('Billing sync');
      expect(await status()).toContain('conversation.deleted');

      await user.page.getByRole('link', { name: `Delete the webhook http://127.0.0.1:9/life-hook` }).click();
      expect((await user.submit(button('delete'))).status()).toBe(303);
      expect(new URL(user.page.url()).searchParams.get('done')).toBe('webhook_deleted');
      expect(await stack.db.dataSource.query(`SELECT 1 FROM webhooks WHERE id = $1`, [id])).toEqual([]);
    });
  });

  it('a member cannot reach the webhook pages, nor post to them', async () => {
    const hook = await asAdmin((user) => addWebhook(user, 'http://127.0.0.1:9/member-hook'));
    const member = await stack.person(workspace, { emailPrefix: 'hooks-member' });
    const user = await BrowserUser.open(browser(), member);
    try {
      await user.signIn(stack.authUrl, '/account');
      for (const path of [`/developer/webhooks/new?workspace=${workspace.id}`, `/developer/webhooks/${hook.id}?workspace=${workspace.id}`, `/developer?workspace=${workspace.id}`]) {
        const response = await user.page.goto(`${stack.authUrl}${path}`);
        expect({ path, status: response?.status() }).toEqual({ path, status: 403 });
        expect(await user.page.locator('h1').innerText()).toBe('Developer settings are for workspace admins');
      }
      await screenshot(user.page, 'webhooks-member-refused');
      const forged = await user.page.request.post(`${stack.authUrl}/developer/webhooks/${hook.id}/delete`, { form: { workspace_id: workspace.id } });
      expect(forged.status()).toBe(403);
      const test = await user.page.request.post(`${stack.authUrl}/developer/webhooks/${hook.id}/test`, { form: { workspace_id: workspace.id } });
      expect(test.status()).toBe(403);
      expect(await stack.db.dataSource.query(`SELECT enabled FROM webhooks WHERE id = $1`, [hook.id])).toEqual([{ enabled: true }]);
      expect(await deliveries(hook.id)).toEqual([]);
    } finally {
      await user.close();
    }
  });
});
