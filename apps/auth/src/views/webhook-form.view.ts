import { EVENT_TYPES } from '@cs/domain';
import { html, pathTo } from './html';
import { checkboxChoices, describedByAttr, fieldError, fieldProblems, invalidAttr } from './form-controls.partial';
import { renderDeveloperForm } from './developer-form.view';
import type { ViewUser } from './layout.view';

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
  const fields = html`<div class="field">
      <label for="webhook-url">Endpoint URL</label>
      <input type="url" id="webhook-url" name="url" value="${input.values.url}" required maxlength="2048" placeholder="https://example.com/webhooks/conversations" autocomplete="off" spellcheck="false"${invalidAttr(errors.url)}${describedByAttr('webhook-url-hint', errors.url && 'webhook-url-error')}>
      ${fieldError('webhook-url-error', errors.url)}
      <p class="hint" id="webhook-url-hint">Receives a POST for each event. It must answer with a 2xx status within 5 seconds; redirects are not followed.</p>
    </div>
    <fieldset class="field"${describedByAttr('events-hint', errors.events && 'events-error')}>
      <legend>Events</legend>
      <p class="hint legend-hint" id="events-hint">Events of conversations you can see: your own and those shared with the workspace.</p>
      ${fieldError('events-error', errors.events)}
      ${checkboxChoices({ name: 'events', idPrefix: 'event', choices: EVENT_TYPES.map((type) => ({ value: type, description: EVENT_DESCRIPTIONS[type] ?? '' })), checked: input.values.events, error: errors.events })}
    </fieldset>
    <div class="field">
      <label for="webhook-description">Description <span class="optional">(optional)</span></label>
      <input type="text" id="webhook-description" name="description" value="${input.values.description}" maxlength="500" autocomplete="off"${invalidAttr(errors.description)}${describedByAttr(errors.description && 'webhook-description-error')}>
      ${fieldError('webhook-description-error', errors.description)}
    </div>`;
  return renderDeveloperForm({
    title: input.mode === 'create' ? 'Add a webhook' : 'Edit webhook',
    intro:
      input.mode === 'create'
        ? html`<p>The signing secret is shown once, after you add the webhook.</p>`
        : html`<p>Webhook <code>${input.webhookId ?? ''}</code></p>`,
    user: input.user,
    csrfToken: input.csrfToken,
    workspace: input.workspace,
    action: input.mode === 'create' ? '/developer/webhooks' : pathTo`/developer/webhooks/${input.webhookId ?? ''}`,
    problems: fieldProblems(FIELD_ORDER, CONTROL_IDS, errors),
    fields,
    save: { value: 'save_webhook', label: input.mode === 'create' ? 'Add webhook' : 'Save changes' },
    cancelHref:
      input.mode === 'create' ? pathTo`/developer?workspace=${input.workspace.id}` : pathTo`/developer/webhooks/${input.webhookId ?? ''}?workspace=${input.workspace.id}`,
  });
}
