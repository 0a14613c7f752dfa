import type { PersonalApiKey } from '@cs/accounts';
import { SafeHtml, html, pathTo } from './html';
import { responsiveTable } from './table.partial';
import { csrfInput } from './form-controls.partial';
import { timeTag } from './utc-date.format';

export type AccountApiKey = PersonalApiKey;

export interface ApiKeysSectionInput {
  csrfToken: string;
  /** The workspaces a key can be made for: every workspace of the user, admin or member. */
  workspaces: { id: string; name: string }[];
  apiKeys: AccountApiKey[];
}

function apiKeyRow(key: AccountApiKey, showWorkspace: boolean): SafeHtml {
  const action = key.revokedAt
    ? html`<span class="muted">Revoked ${timeTag(key.revokedAt)}</span>`
    : html`<a class="button danger" href="${pathTo`/account/api-keys/${key.id}/revoke`}" aria-label="Revoke API key ${key.name}">Revoke</a>`;
  return html`<tr role="row"${key.revokedAt ? html` class="is-revoked"` : ''}>
    <td role="cell" class="primary-cell"><strong>${key.name}</strong>${key.revokedAt ? html` <span class="badge">Revoked</span>` : ''}</td>
    ${showWorkspace ? html`<td role="cell" data-label="Workspace">${key.workspaceName}</td>` : ''}
    <td role="cell" data-label="Key"><code>${key.hint}</code></td>
    <td role="cell" data-label="Created">${timeTag(key.createdAt)}</td>
    <td role="cell" data-label="Last used">${key.lastUsedAt ? timeTag(key.lastUsedAt) : 'Never'}</td>
    <td role="cell" class="actions">${action}</td>
  </tr>`;
}

function apiKeysTable(keys: AccountApiKey[], showWorkspace: boolean): SafeHtml {
  if (keys.length === 0) {
    return html`<div class="empty"><strong>No API keys yet.</strong>Create one above to call the API from a script or a server.</div>`;
  }
  return responsiveTable({ name: { labelledBy: 'api-keys-title' }, columns: ['Name', ...(showWorkspace ? ['Workspace'] : []), 'Key', 'Created', 'Last used'], hiddenColumn: 'Actions', rows: keys.map((key) => apiKeyRow(key, showWorkspace)) });
}

/** The workspace of a new key: a choice when the user has several, else fixed. */
function workspaceField(workspaces: ApiKeysSectionInput['workspaces']): SafeHtml {
  const [only] = workspaces;
  if (workspaces.length === 1 && only) return html`<input type="hidden" name="workspace_id" value="${only.id}">`;
  return html`<div class="field">
    <label for="api-key-workspace">Workspace</label>
    <select id="api-key-workspace" name="workspace_id" required>
      ${workspaces.map((w) => html`<option value="${w.id}">${w.name}</option>`)}
    </select>
  </div>`;
}

/**
 * The account page's "API keys": personal keys, each acting as its user in one workspace. Every member manages
 * their own here (issue 19, as Linear allows); developer settings keep the workspace's apps and webhooks.
 */
export function apiKeysSection(input: ApiKeysSectionInput): SafeHtml {
  const showWorkspace = input.workspaces.length > 1;
  const form =
    input.workspaces.length === 0
      ? html`<div class="notice"><p>You are not a member of any workspace, so there is nothing a key could act in.</p></div>`
      : html`<form method="post" action="/account/api-keys" class="inline-form panel">
      ${csrfInput(input.csrfToken)}
      ${workspaceField(input.workspaces)}
      <div class="field">
        <label for="api-key-name">New key name</label>
        <input type="text" id="api-key-name" name="name" required maxlength="100" placeholder="e.g. Nightly import" autocomplete="off">
      </div>
      <button type="submit" name="action" value="create_api_key" class="primary">Create API key</button>
    </form>`;
  return html`<section class="section" aria-labelledby="api-keys-title">
  <div class="section-header">
    <div>
      <h2 id="api-keys-title">API keys</h2>
      <p>A key acts as you in one workspace, with all of your rights, writes included. Keep it secret; revoke it when it is no longer needed.</p>
    </div>
  </div>
  <div class="table-card">
    ${form}
    ${apiKeysTable(input.apiKeys, showWorkspace)}
  </div>
</section>`;
}
