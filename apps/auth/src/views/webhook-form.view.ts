import { EVENT_TYPES } from '@cs/domain';
import { html, pathTo } from './html';
import { FieldProblem, csrfInput, describedByAttr, errorSummary, fieldError, invalidAttr } from './form-controls.partial';
import { ViewUser, renderLayout } from './layout.view';

export type WebhookFormField = 'url' | 'events' | 'description';

export interface WebhookFormViewInput {
  mode: 'create' | 'edit';
  csrfToken: string;
  user: ViewUser;
  workspace: { id: string; name: string };
  values: { url: string; events: string[]; description: string };
  errors?: Partial<Record<WebhookFormField, string>>;
  webhookId?: string;
}

const EVENT_DESCRIPTIONS: Record<string, string> = {
  'conversation.ready': 'A conversation finished processing: its summary and content can be fetched.',
  'conversation.failed': 'Processing failed; the event carries error_reason.',
  'conversation.deleted': 'A conversation was deleted; the event carries its last-known title.',
};

const CONTROL_IDS: Record<WebhookFormField, string> = { url: 'webhook-url', events: 'event-0', description: 'webhook-description' };
const FIELD_ORDER: WebhookFormField[] = ['url', 'events', 'description'];

/** Create or edit a webhook: endpoint URL, event types (checkboxes named `events`), description. */
export function renderWebhookForm(input: WebhookFormViewInput): string {
  const errors = input.errors ?? {};
  const problems: FieldProblem[] = FIELD_ORDER.flatMap((field) => (errors[field] ? [{ fieldId: CONTROL_IDS[field], message: errors[field] ?? '' }] : []));
  const title = input.mode === 'create' ? 'Add a webhook' : 'Edit webhook';
  const action = input.mode === 'create' ? '/developer/webhooks' : pathTo`/developer/webhooks/${input.webhookId ?? ''}`;
  const cancelHref =
    input.mode === 'create' ? pathTo`/developer?workspace=${input.workspace.id}` : pathTo`/developer/webhooks/${input.webhookId ?? ''}?workspace=${input.workspace.id}`;
  const body = html`
<div class="page-header">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="${pathTo`/developer?workspace=${input.workspace.id}`}">Developer settings</a> / ${input.workspace.name}</nav>
  <h1>${title}</h1>
  ${input.mode === 'create'
    ? html`<p>The signing secret is shown once, after you add the webhook.</p>`
    : html`<p>Webhook <code>${input.webhookId ?? ''}</code></p>`}
</div>
<div class="card">
  ${errorSummary(problems)}
  <form method="post" action="${action}">
    ${csrfInput(input.csrfToken)}
    <input type="hidden" name="workspace_id" value="${input.workspace.id}">
    <div class="field">
      <label for="webhook-url">Endpoint URL</label>
      <input type="url" id="webhook-url" name="url" value="${input.values.url}" required maxlength="2048" placeholder="https://example.com/webhooks/conversations" autocomplete="off" spellcheck="false"${invalidAttr(errors.url)}${describedByAttr('webhook-url-hint', errors.url && 'webhook-url-error')}>
      ${fieldError('webhook-url-error', errors.url)}
      <p class="hint" id="webhook-url-hint">Receives a POST for each event. It must answer with a 2xx status within 5 seconds; redirects are not followed.</p>
    </div>
    <fieldset class="field"${describedByAttr('events-hint', errors.events && 'events-error')}>
      <legend>Events</legend>
      <p class="hint legend-hint" id="events-hint">Events of conversations you can see: your own and those shared with the workspace.</p>
      ${fieldError('events-error', errors.events)}
      <div class="choices">
        ${EVENT_TYPES.map(
          (type, index) => html`<label class="choice" for="event-${index}">
            <input type="checkbox" id="event-${index}" name="events" value="${type}"${input.values.events.includes(type) ? html` checked` : ''}${invalidAttr(errors.events)}>
            <span class="choice-text"><span class="choice-title mono">${type}</span><span class="choice-desc">${EVENT_DESCRIPTIONS[type] ?? ''}</span></span>
          </label>`,
        )}
      </div>
    </fieldset>
    <div class="field">
      <label for="webhook-description">Description <span class="optional">(optional)</span></label>
      <input type="text" id="webhook-description" name="description" value="${input.values.description}" maxlength="500" autocomplete="off"${invalidAttr(errors.description)}${describedByAttr(errors.description && 'webhook-description-error')}>
      ${fieldError('webhook-description-error', errors.description)}
    </div>
    <div class="form-actions">
      <button type="submit" name="action" value="save_webhook" class="primary">${input.mode === 'create' ? 'Add webhook' : 'Save changes'}</button>
      <a class="button" href="${cancelHref}">Cancel</a>
    </div>
  </form>
</div>`;
  return renderLayout({ title, user: input.user, csrfToken: input.csrfToken, current: 'developer', width: 'medium', body });
}
