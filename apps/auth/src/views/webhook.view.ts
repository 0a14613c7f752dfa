import type { Webhook, WebhookDelivery } from '@cs/webhook-subscriptions';
import { SafeHtml, html, pathTo } from './html';
import { responsiveTable } from './table.partial';
import { copyButton } from './copy-button.partial';
import { csrfInput } from './form-controls.partial';
import { FlashMessage, ViewUser, renderLayout } from './layout.view';
import { canRedeliver, deliveryOrigin, deliveryState, lastOutcome, webhookState } from './webhook-status.partial';
import { timeTag } from './utc-date.format';

export interface WebhookViewInput {
  csrfToken: string;
  user: ViewUser;
  workspace: { id: string; name: string };
  webhook: Webhook;
  /**
   * The delivery log, for the webhook's owner; null for another admin, who may only see its settings, turn it off or
   * on and delete it (docs/api.md "Subscriptions").
   */
  log: {
    deliveries: WebhookDelivery[];
    filter: 'all' | 'failed';
    /** The signed cursor of the next (older) page of the log, or null on the last page. */
    olderPage: string | null;
  } | null;
  /** A signing secret shown once, right after the webhook was created or its secret rotated. */
  secret?: { label: string; value: string };
  flash?: FlashMessage;
}

function revealedSecret(secret: WebhookViewInput['secret']): SafeHtml {
  if (!secret) return html``;
  return html`<section class="reveal" aria-labelledby="revealed-title">
    <h2 id="revealed-title">${secret.label}</h2>
    <label class="label" for="revealed-secret">Signing secret</label>
    <input type="text" id="revealed-secret" class="secret-input" value="${secret.value}" readonly spellcheck="false" autocomplete="off" aria-describedby="revealed-note">
    ${copyButton('revealed-secret', 'Copy the signing secret')}
    <p class="small muted" id="revealed-note"><strong>Copy it now. It will not be shown again.</strong> Verify the <code>webhook-signature</code> header of each request with it, using any Standard Webhooks library.</p>
  </section>`;
}

/** A one-button form posting to a webhook action; the workspace rides along so the admin context is the page's. */
function actionButton(path: string, workspaceId: string, csrfToken: string, action: string, label: string, className = '', ariaLabel?: string): SafeHtml {
  return html`<form method="post" action="${path}">
    ${csrfInput(csrfToken)}
    <input type="hidden" name="workspace_id" value="${workspaceId}">
    <button type="submit" name="action" value="${action}"${className ? html` class="${className}"` : ''}${ariaLabel ? html` aria-label="${ariaLabel}"` : ''}>${label}</button>
  </form>`;
}

/** Recover (as Svix's): send again every event that failed since a time; the default is a day ago. */
function recoverForm(input: WebhookViewInput & { log: NonNullable<WebhookViewInput['log']> }): SafeHtml {
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
  return html`<form method="post" action="${pathTo`/developer/webhooks/${input.webhook.id}/recover`}" class="card recover-form">
    ${csrfInput(input.csrfToken)}
    <input type="hidden" name="workspace_id" value="${input.workspace.id}">
    <h3>Recover failed deliveries</h3>
    <p class="small muted">After fixing an endpoint that was down: every event that failed since this time (UTC) and was not delivered since is sent again, once, with the same webhook-id.</p>
    <label for="recover-since">Since (UTC)</label>
    <input id="recover-since" name="since" type="datetime-local" required value="${dayAgo}">
    <button type="submit" name="action" value="recover">Recover</button>
  </form>`;
}

function deliveryRow(input: WebhookViewInput & { log: NonNullable<WebhookViewInput['log']> }, delivery: WebhookDelivery): SafeHtml {
  const { webhook, workspace, csrfToken } = input;
  const detailHref = pathTo`/developer/webhooks/${webhook.id}/deliveries/${delivery.id}?workspace=${workspace.id}`;
  return html`<tr role="row" data-delivery-id="${delivery.id}">
    <td role="cell" class="primary-cell"><strong class="mono">${delivery.event_type}</strong><code class="cell-note">${delivery.event_id}</code></td>
    <td role="cell" data-label="Origin">${deliveryOrigin(delivery.origin)}</td>
    <td role="cell" data-label="Status">${deliveryState(delivery)}</td>
    <td role="cell" data-label="Attempts">${delivery.attempt_count}</td>
    <td role="cell" data-label="Last response">${lastOutcome(delivery)}</td>
    <td role="cell" data-label="Created">${timeTag(new Date(delivery.created_at), { seconds: true })}</td>
    <td role="cell" class="actions">
      <a class="button" href="${detailHref}" aria-label="Details of delivery ${delivery.id}">Details</a>
      ${canRedeliver(delivery)
        ? actionButton(pathTo`/developer/webhooks/${webhook.id}/deliveries/${delivery.id}/redeliver`, workspace.id, csrfToken, 'redeliver', 'Redeliver', '', `Redeliver ${delivery.event_type} ${delivery.event_id}`)
        : ''}
    </td>
  </tr>`;
}

/** Another admin's webhook: what they may do, and why the log is not shown. */
const notOwnedNote = html`<section class="section" aria-labelledby="deliveries-title">
  <h2 id="deliveries-title">Delivery log</h2>
  <p class="card">This webhook belongs to another admin of the workspace. It delivers events about the conversations they can see, so only they can read its delivery log, send it events, change it or rotate its secret. You can turn it off or on, or delete it.</p>
</section>`;

function deliveryLog(input: WebhookViewInput): SafeHtml {
  if (input.log === null) return notOwnedNote;
  const owned = { ...input, log: input.log };
  const { log } = owned;
  const base = pathTo`/developer/webhooks/${input.webhook.id}?workspace=${input.workspace.id}`;
  const current = (filter: 'all' | 'failed') => (log.filter === filter ? html` aria-current="page"` : '');
  const table =
    log.deliveries.length === 0
      ? html`<div class="empty"><strong>${log.filter === 'failed' ? 'No failed deliveries.' : 'No deliveries yet.'}</strong>${log.filter === 'failed' ? 'Every delivery kept in the log succeeded or has not failed an attempt yet.' : 'Send a test event to try the endpoint.'}</div>`
      : responsiveTable({ className: 'deliveries', name: { labelledBy: 'deliveries-title' }, columns: ['Event', 'Origin', 'Status', 'Attempts', 'Last response', 'Created'], hiddenColumn: 'Actions', rows: log.deliveries.map((d) => deliveryRow(owned, d)) });
  const older = log.olderPage
    ? html`<p class="below-card"><a class="button" href="${`${base}${log.filter === 'failed' ? '&status=failed' : ''}&cursor=${encodeURIComponent(log.olderPage)}`}">Older deliveries</a></p>`
    : '';
  return html`<section class="section" aria-labelledby="deliveries-title">
  <div class="section-header">
    <div>
      <h2 id="deliveries-title">Delivery log</h2>
      <p>Every delivery of the last 30 days, newest first. A failing delivery is retried for about 7 hours before it is given up; "Failed only" shows those given up and those still being retried.</p>
    </div>
    <nav aria-label="Filter deliveries"><ul class="switcher">
      <li><a href="${base}"${current('all')}>All</a></li>
      <li><a href="${`${base}&status=failed`}"${current('failed')}>Failed only</a></li>
    </ul></nav>
  </div>
  <div class="table-card">${table}</div>
  ${older}
  ${recoverForm(owned)}
</section>`;
}

/**
 * One webhook: its settings, its actions (test, enable/disable, rotate, delete) and its delivery log; for an admin
 * who does not own it, its settings, enable/disable and delete only.
 */
export function renderWebhook(input: WebhookViewInput): string {
  const { webhook, workspace, csrfToken } = input;
  const path = (action: string) => `${pathTo`/developer/webhooks/${webhook.id}`}/${action}`;
  const body = html`
${revealedSecret(input.secret)}
<div class="page-header">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="${pathTo`/developer?workspace=${workspace.id}`}">Developer settings</a> / ${workspace.name} / Webhooks</nav>
  <h1 class="webhook-title">${webhook.url}</h1>
  ${webhook.description ? html`<p>${webhook.description}</p>` : ''}
</div>
<div class="card webhook-summary">
  <dl class="facts">
    <div><dt>Status</dt><dd>${webhookState(webhook)}</dd></div>
    <div><dt>Events</dt><dd><ul class="chips">${webhook.events.map((type) => html`<li class="chip">${type}</li>`)}</ul></dd></div>
    <div><dt>Created</dt><dd>${timeTag(new Date(webhook.created_at))}</dd></div>
    <div><dt>Webhook ID</dt><dd><code>${webhook.id}</code></dd></div>
    ${webhook.previous_secret_expires_at
      ? html`<div><dt>Previous secret</dt><dd>Still signs beside the new one until ${timeTag(new Date(webhook.previous_secret_expires_at))}</dd></div>`
      : ''}
  </dl>
  <div class="form-actions webhook-actions">
    ${input.log ? actionButton(path('test'), workspace.id, csrfToken, 'send_test_event', 'Send test event', 'primary') : ''}
    ${input.log ? html`<a class="button" href="${pathTo`/developer/webhooks/${webhook.id}/edit?workspace=${workspace.id}`}">Edit</a>` : ''}
    ${webhook.enabled
      ? actionButton(path('disable'), workspace.id, csrfToken, 'disable', 'Disable')
      : actionButton(path('enable'), workspace.id, csrfToken, 'enable', 'Enable')}
    ${input.log ? html`<a class="button" href="${`${path('rotate-secret')}?workspace=${encodeURIComponent(workspace.id)}`}">Rotate secret</a>` : ''}
    <a class="button danger" href="${`${path('delete')}?workspace=${encodeURIComponent(workspace.id)}`}" aria-label="Delete the webhook ${webhook.url}">Delete</a>
  </div>
</div>
${deliveryLog(input)}`;
  return renderLayout({ title: `Webhook · ${workspace.name}`, user: input.user, csrfToken, flash: input.flash, current: 'developer', body });
}
