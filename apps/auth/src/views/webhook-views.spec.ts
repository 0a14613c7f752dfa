import type { Webhook, WebhookDelivery, WebhookDeliveryDetail } from '@cs/webhook-subscriptions';
import { renderWebhookDelivery } from './webhook-delivery.view';
import { renderWebhookForm } from './webhook-form.view';
import { renderWebhook } from './webhook.view';
import { webhooksSection } from './webhooks.section';

// What a subscriber's endpoint answers (headers, body) and what admins type (URL, description) is shown on these
// pages: all of it is untrusted text.
const HOSTILE = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>`;
const CSRF = 'csrf-token-123';
const user = { email: 'ada@example.com' };
const workspace = { id: 'ws_1', name: 'Research' };
const at = '2026-11-22T14:05:09.000Z';

const aWebhook = (o: Partial<Webhook> = {}): Webhook => ({
  id: 'whk_1',
  owner_id: 'usr_1',
  url: 'https://hooks.example.com/in',
  events: ['conversation.ready'],
  description: null,
  enabled: true,
  disabled_reason: null,
  rate_limit_per_second: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: at,
  updated_at: at,
  ...o,
});

const aDelivery = (o: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'dlv_1',
  webhook_id: 'whk_1',
  event_id: 'evt_1',
  event_type: 'conversation.ready',
  origin: 'event',
  status: 'failed',
  attempt_count: 1,
  next_attempt_at: null,
  created_at: at,
  completed_at: at,
  last_response_status: 503,
  last_error_kind: 'http_status',
  ...o,
});

const withoutHostileMarkup = (doc: string) => {
  expect(doc).not.toContain('<script>alert(1)</script>');
  expect(doc).not.toContain('<img src=x');
  expect(doc).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
};

describe('webhook views', () => {
  it('escape the URL and description in the list, the webhook page and the form', () => {
    const hostile = aWebhook({ url: `https://x.test/${HOSTILE}`, description: HOSTILE });
    withoutHostileMarkup(webhooksSection({ workspaceId: workspace.id, webhooks: [hostile], hasMore: false }).toString());
    withoutHostileMarkup(renderWebhook({ csrfToken: CSRF, user, workspace, webhook: hostile, log: { deliveries: [], filter: 'all', olderPage: null } }));
    withoutHostileMarkup(renderWebhookForm({ mode: 'edit', csrfToken: CSRF, user, workspace, values: { url: HOSTILE, events: [], description: HOSTILE }, webhookId: 'whk_1' }));
  });

  it("escape an endpoint's response headers and body in the attempt detail", () => {
    const delivery: WebhookDeliveryDetail = {
      ...aDelivery(),
      payload: {},
      attempts: [
        {
          attempt: 1,
          started_at: at,
          duration_ms: 12,
          request_url: 'https://hooks.example.com/in',
          request_headers: { 'webhook-id': 'evt_1' },
          request_body: '{}',
          response_status: 503,
          response_headers: { 'x-evil': HOSTILE },
          response_body: HOSTILE,
          error_kind: 'http_status',
          error_message: HOSTILE,
        },
      ],
    };
    withoutHostileMarkup(renderWebhookDelivery({ csrfToken: CSRF, user, workspace, webhook: aWebhook(), delivery }));
  });

  it('say why a webhook is disabled and since when it fails; every action form carries the CSRF token', () => {
    const doc = renderWebhook({
      csrfToken: CSRF,
      user,
      workspace,
      webhook: aWebhook({ enabled: false, disabled_reason: 'failing', failing_since: at }),
      log: { deliveries: [aDelivery()], filter: 'failed', olderPage: 'eyJ2IjoxfQ.c2lnbmF0dXJl' },
    });
    expect(doc).toContain('Disabled: kept failing');
    expect(doc).toContain('Failing since');
    expect(doc).toContain('value="enable"');
    expect(doc).not.toContain('value="disable"');
    const forms = doc.match(/<form method="post"[\s\S]*?<\/form>/g) ?? [];
    // Send test event, Enable, and Redeliver on the one delivery; Rotate secret and Delete link to confirm pages.
    expect(forms.length).toBeGreaterThanOrEqual(3);
    expect(doc).toContain('/rotate-secret?workspace=');
    expect(doc).toContain('/delete?workspace=');
    for (const form of forms) expect(form).toContain(`name="_csrf" value="${CSRF}"`);
    expect(doc).toContain('status=failed&amp;cursor=eyJ2IjoxfQ.c2lnbmF0dXJl');
  });
});

describe("another admin's webhook (issue 31)", () => {
  it('shows its settings, Disable and Delete, and neither its log nor what only its owner may do', () => {
    const doc = renderWebhook({ csrfToken: CSRF, user, workspace, webhook: aWebhook(), log: null });
    expect(doc).toContain('value="disable"');
    expect(doc).toContain('/delete?workspace=');
    expect(doc).toContain('belongs to another admin');
    for (const ownerOnly of ['value="send_test_event"', '/edit?workspace=', '/rotate-secret?workspace=', 'value="recover"', 'value="redeliver"']) {
      expect(doc).not.toContain(ownerOnly);
    }
  });
});

describe('the delivery log (issue 19)', () => {
  const log = (deliveries: WebhookDelivery[]) =>
    renderWebhook({ csrfToken: CSRF, user, workspace, webhook: aWebhook(), log: { deliveries, filter: 'all', olderPage: null } });
  const retrying = aDelivery({ id: 'dlv_retry', status: 'pending', attempt_count: 2, completed_at: null, next_attempt_at: '2026-11-22T14:10:41.000Z' });

  it('offers no Redeliver on a pending delivery, in the log and on its page', () => {
    const doc = log([retrying, aDelivery({ id: 'dlv_done' })]);
    expect(doc).toContain('/deliveries/dlv_done/redeliver');
    expect(doc).not.toContain('/deliveries/dlv_retry/redeliver');
    const detail = renderWebhookDelivery({ csrfToken: CSRF, user, workspace, webhook: aWebhook(), delivery: { ...retrying, payload: {}, attempts: [] } });
    expect(detail).not.toContain('value="redeliver"');
    expect(detail).toContain('Redeliver is offered once it succeeded or was given up.');
  });

  it('shows a delivery failing and still retried as such, with its next attempt, to the second', () => {
    const doc = log([retrying]);
    expect(doc).toContain('Failing, retrying');
    expect(doc.replace(/<[^>]+>/g, '')).toContain('Next attempt 22 Nov 2026, 14:10:41 UTC');
  });

  it('gives times with seconds: two attempts 5 s apart read apart', () => {
    const doc = log([aDelivery({ id: 'dlv_a', created_at: '2026-11-22T15:09:58.000Z' }), aDelivery({ id: 'dlv_b', created_at: '2026-11-22T15:10:03.000Z' })]);
    const text = doc.replace(/<[^>]+>/g, '');
    expect(text).toContain('15:09:58 UTC');
    expect(text).toContain('15:10:03 UTC');
  });
});
