import { OFFLINE_ACCESS } from '@cs/oauth';
import { html, pathTo } from './html';
import { checkboxChoices, describedByAttr, fieldError, fieldProblems, invalidAttr } from './form-controls.partial';
import { renderDeveloperForm } from './developer-form.view';
import type { ViewUser } from './layout.view';

export type ClientFormField = 'name' | 'logoUri' | 'redirectUris' | 'scopes';

export interface ClientFormViewInput {
  mode: 'create' | 'edit';
  action: string;
  csrfToken: string;
  user: ViewUser;
  workspace: { id: string; name: string };
  values: {
    name: string;
    logoUri: string;
    /** Newline-separated, as typed in the textarea. */
    redirectUris: string;
    scopes: string[];
  };
  /** Rendered as checkboxes named `scopes`; offline_access is granted automatically and never offered. */
  availableScopes: { scope: string; description: string }[];
  errors?: Partial<Record<ClientFormField, string>>;
  clientId?: string;
}

// The control each field's error points at (the summary links there); scopes point at the first checkbox.
const CONTROL_IDS: Record<ClientFormField, string> = {
  name: 'client-name',
  logoUri: 'client-logo-uri',
  redirectUris: 'client-redirect-uris',
  scopes: 'scope-0',
};
const FIELD_ORDER: ClientFormField[] = ['name', 'logoUri', 'redirectUris', 'scopes'];

export function renderClientForm(input: ClientFormViewInput): string {
  const errors = input.errors ?? {};
  const offered = input.availableScopes.filter((s) => s.scope !== OFFLINE_ACCESS);
  // The textarea's content starts on a new line: HTML parsing drops one newline right after <textarea>,
  // so a value that itself begins with a newline survives the round trip.
  const fields = html`<div class="field">
      <label for="client-name">App name</label>
      <input type="text" id="client-name" name="name" value="${input.values.name}" required maxlength="100" autocomplete="off"${invalidAttr(errors.name)}${describedByAttr('client-name-hint', errors.name && 'client-name-error')}>
      ${fieldError('client-name-error', errors.name)}
      <p class="hint" id="client-name-hint">Shown to people on the consent screen.</p>
    </div>
    <div class="field">
      <label for="client-logo-uri">Logo URL <span class="optional">(optional)</span></label>
      <input type="url" id="client-logo-uri" name="logo_uri" value="${input.values.logoUri}" placeholder="https://example.com/logo.png" autocomplete="off" spellcheck="false"${invalidAttr(errors.logoUri)}${describedByAttr('client-logo-uri-hint', errors.logoUri && 'client-logo-uri-error')}>
      ${fieldError('client-logo-uri-error', errors.logoUri)}
      <p class="hint" id="client-logo-uri-hint">A square image, shown next to the app name on the consent screen.</p>
    </div>
    <div class="field">
      <label for="client-redirect-uris">Redirect URIs</label>
      <textarea id="client-redirect-uris" name="redirect_uris" rows="4" required spellcheck="false" autocapitalize="none"${invalidAttr(errors.redirectUris)}${describedByAttr('client-redirect-uris-hint', errors.redirectUris && 'client-redirect-uris-error')}>
${input.values.redirectUris}</textarea>
      ${fieldError('client-redirect-uris-error', errors.redirectUris)}
      <p class="hint" id="client-redirect-uris-hint">One per line. HTTPS, or http://localhost / http://127.0.0.1 on any port. Matched exactly.</p>
    </div>
    <fieldset class="field"${describedByAttr('scopes-hint', errors.scopes && 'scopes-error')}>
      <legend>Scopes</legend>
      <p class="hint legend-hint" id="scopes-hint">What the app may ask for. offline_access is added automatically, so the app can refresh its access.</p>
      ${fieldError('scopes-error', errors.scopes)}
      ${checkboxChoices({ name: 'scopes', idPrefix: 'scope', choices: offered.map((s) => ({ value: s.scope, description: s.description })), checked: input.values.scopes, error: errors.scopes })}
    </fieldset>`;
  return renderDeveloperForm({
    title: input.mode === 'create' ? 'Register an OAuth app' : 'Edit OAuth app',
    intro:
      input.mode === 'edit' && input.clientId
        ? html`<p>Client ID <code>${input.clientId}</code></p>`
        : html`<p>The client secret is shown once, after you register the app.</p>`,
    user: input.user,
    csrfToken: input.csrfToken,
    workspace: input.workspace,
    action: input.action,
    problems: fieldProblems(FIELD_ORDER, CONTROL_IDS, errors),
    fields,
    save: { value: 'save_client', label: input.mode === 'create' ? 'Register app' : 'Save changes' },
    cancelHref: pathTo`/developer?workspace=${input.workspace.id}`,
  });
}
