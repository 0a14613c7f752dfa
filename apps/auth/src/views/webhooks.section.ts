import type { Webhook } from '@cs/webhook-subscriptions';
import { SafeHtml, html, pathTo } from './html';
import { responsiveTable } from './table.partial';
import { webhookState } from './webhook-status.partial';
import { dateTag } from './utc-date.format';

function webhookRow(webhook: Webhook, workspaceId: string): SafeHtml {
  const href = pathTo`/developer/webhooks/${webhook.id}?workspace=${workspaceId}`;
  return html`<tr role="row">
    <td role="cell" class="primary-cell">
      <a class="url-link" href="${href}">${webhook.url}</a>
      ${webhook.description ? html`<span class="cell-note">${webhook.description}</span>` : ''}
      <span class="cell-note">Created ${dateTag(new Date(webhook.created_at))}</span>
    </td>
    <td role="cell" data-label="Events"><ul class="chips">${webhook.events.map((type) => html`<li class="chip">${type}</li>`)}</ul></td>
    <td role="cell" data-label="Status">${webhookState(webhook)}</td>
    <td role="cell" class="actions"><a class="button" href="${href}" aria-label="Open the webhook ${webhook.url}">Open</a></td>
  </tr>`;
}

/** The "Webhooks" section of developer settings: every subscription of the workspace. */
export function webhooksSection(input: { workspaceId: string; webhooks: Webhook[]; hasMore: boolean }): SafeHtml {
  const table =
    input.webhooks.length === 0
      ? html`<div class="empty"><strong>No webhooks yet.</strong>Add an endpoint to be told when conversations are ready, fail or are deleted.</div>`
      : responsiveTable({ className: 'webhooks', name: { labelledBy: 'webhooks-title' }, columns: ['Endpoint', 'Events', 'Status'], hiddenColumn: 'Actions', rows: input.webhooks.map((w) => webhookRow(w, input.workspaceId)) });
  return html`<section class="section" aria-labelledby="webhooks-title">
  <div class="section-header">
    <div>
      <h2 id="webhooks-title">Webhooks</h2>
      <p>Endpoints that receive signed HTTP requests (Standard Webhooks) when conversations become ready, fail or are deleted.</p>
    </div>
    <a class="button primary" href="${pathTo`/developer/webhooks/new?workspace=${input.workspaceId}`}">Add a webhook</a>
  </div>
  <div class="table-card">${table}</div>
  ${input.hasMore ? html`<p class="small muted below-card">Showing the 100 newest webhooks.</p>` : ''}
</section>`;
}
