import type { Webhook, WebhookAttempt, WebhookDeliveryDetail } from '@cs/webhook-subscriptions';
import { SafeHtml, html, pathTo } from './html';
import { csrfInput } from './form-controls.partial';
import { ViewUser, renderLayout } from './layout.view';
import { canRedeliver, deliveryOrigin, deliveryState } from './webhook-status.partial';
import { timeTag } from './utc-date.format';

export interface WebhookDeliveryViewInput {
  csrfToken: string;
  user: ViewUser;
  workspace: { id: string; name: string };
  webhook: Webhook;
  delivery: WebhookDeliveryDetail;
}

const SECONDS = { seconds: true };

const ERROR_KINDS: Record<string, string> = {
  timeout: 'Timed out (no answer within 5 seconds)',
  connection_refused: 'Connection refused',
  dns: 'The host name did not resolve',
  tls: 'TLS handshake failed',
  blocked_target: 'Blocked: the address is private, loopback or link-local',
  redirect: 'Answered with a redirect (not followed)',
  http_status: 'Answered with a non-2xx status',
  network: 'Network error',
};

function headersTable(headers: Record<string, string> | null, label: string): SafeHtml {
  if (!headers || Object.keys(headers).length === 0) return html`<p class="muted small">None.</p>`;
  return html`<table class="headers" aria-label="${label}"><tbody>${Object.entries(headers).map(
    ([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`,
  )}</tbody></table>`;
}

/** A JSON body pretty-printed when it parses, else as sent. */
function bodyBlock(body: string | null, label: string): SafeHtml {
  if (body === null || body === '') return html`<p class="muted small">Empty.</p>`;
  let shown = body;
  try {
    shown = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON: show it as it came.
  }
  return html`<pre class="code-block" tabindex="0" aria-label="${label}">${shown}</pre>`;
}

function attemptCard(attempt: WebhookAttempt): SafeHtml {
  const outcome = attempt.error_kind === null
    ? html`<span class="badge badge-success">Succeeded</span>`
    : html`<span class="badge badge-danger">${ERROR_KINDS[attempt.error_kind] ?? attempt.error_kind}</span>`;
  return html`<section class="card attempt" aria-labelledby="attempt-${attempt.attempt}">
  <div class="attempt-header">
    <h3 id="attempt-${attempt.attempt}">Attempt ${attempt.attempt}</h3>
    ${outcome}
  </div>
  <dl class="facts">
    <div><dt>Started</dt><dd>${timeTag(new Date(attempt.started_at), SECONDS)}</dd></div>
    <div><dt>Duration</dt><dd>${attempt.duration_ms} ms</dd></div>
    <div><dt>Response status</dt><dd>${attempt.response_status === null ? html`<span class="muted">No response</span>` : html`<code>${attempt.response_status}</code>`}</dd></div>
    <div><dt>Error kind</dt><dd>${attempt.error_kind === null ? html`<span class="muted">None</span>` : html`<code>${attempt.error_kind}</code>`}</dd></div>
    ${attempt.error_message ? html`<div class="fact-wide"><dt>Error</dt><dd>${attempt.error_message}</dd></div>` : ''}
  </dl>
  <div class="exchange">
    <div>
      <h4>Request</h4>
      <p class="small"><code>POST ${attempt.request_url}</code></p>
      ${headersTable(attempt.request_headers, `Request headers of attempt ${attempt.attempt}`)}
      ${bodyBlock(attempt.request_body, `Request body of attempt ${attempt.attempt}`)}
    </div>
    <div>
      <h4>Response</h4>
      ${headersTable(attempt.response_headers, `Response headers of attempt ${attempt.attempt}`)}
      <p class="small muted">Body (first 4 KiB)</p>
      ${bodyBlock(attempt.response_body, `Response body of attempt ${attempt.attempt}`)}
    </div>
  </div>
</section>`;
}

/** One delivery: what was sent, and every attempt with its request and response. */
export function renderWebhookDelivery(input: WebhookDeliveryViewInput): string {
  const { webhook, workspace, delivery } = input;
  const webhookHref = pathTo`/developer/webhooks/${webhook.id}?workspace=${workspace.id}`;
  const body = html`
<div class="page-header">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="${pathTo`/developer?workspace=${workspace.id}`}">Developer settings</a> / <a href="${webhookHref}">${webhook.url}</a></nav>
  <h1>Delivery of <span class="mono">${delivery.event_type}</span></h1>
  <p>Delivery <code>${delivery.id}</code> · event <code>${delivery.event_id}</code> (the <code>webhook-id</code> header)</p>
</div>
<div class="card">
  <dl class="facts">
    <div><dt>Status</dt><dd>${deliveryState({ ...delivery, next_attempt_at: null })}</dd></div>
    <div><dt>Origin</dt><dd>${deliveryOrigin(delivery.origin)}</dd></div>
    <div><dt>Attempts</dt><dd>${delivery.attempt_count}</dd></div>
    <div><dt>Created</dt><dd>${timeTag(new Date(delivery.created_at), SECONDS)}</dd></div>
    ${delivery.next_attempt_at ? html`<div><dt>Next attempt</dt><dd>${timeTag(new Date(delivery.next_attempt_at), SECONDS)}</dd></div>` : ''}
    ${delivery.completed_at ? html`<div><dt>Completed</dt><dd>${timeTag(new Date(delivery.completed_at), SECONDS)}</dd></div>` : ''}
  </dl>
  <div class="form-actions">
    ${canRedeliver(delivery)
      ? html`<form method="post" action="${pathTo`/developer/webhooks/${webhook.id}/deliveries/${delivery.id}/redeliver`}">
      ${csrfInput(input.csrfToken)}
      <input type="hidden" name="workspace_id" value="${workspace.id}">
      <button type="submit" name="action" value="redeliver" class="primary">Redeliver</button>
    </form>`
      : html`<p class="muted small">Still being delivered: Redeliver is offered once it succeeded or was given up.</p>`}
    <a class="button" href="${webhookHref}">Back to the delivery log</a>
  </div>
</div>
<section class="section" aria-labelledby="attempts-title">
  <h2 id="attempts-title">Attempts</h2>
  ${delivery.attempts.length === 0
    ? html`<div class="notice"><p>No attempt yet. The webhook worker sends pending deliveries within about a second.</p></div>`
    : html`<div class="stack">${delivery.attempts.map(attemptCard)}</div>`}
</section>`;
  return renderLayout({ title: `Delivery · ${webhook.url}`, user: input.user, csrfToken: input.csrfToken, current: 'developer', body });
}
