import type { ApiKeySummary } from '@cs/accounts';
import { SafeHtml, html, pathTo } from './html';
import { csrfInput } from './form-controls.partial';
import { timeTag } from './utc-date.format';

export type DeveloperApiKey = ApiKeySummary;

function apiKeyRow(key: DeveloperApiKey, workspaceId: string): SafeHtml {
  const action = key.revokedAt
    ? html`<span class="muted">Revoked ${timeTag(key.revokedAt)}</span>`
    : html`<a class="button danger" href="${pathTo`/developer/api-keys/${key.id}/revoke?workspace=${workspaceId}`}" aria-label="Revoke API key ${key.name}">Revoke</a>`;
  return html`<tr role="row"${key.revokedAt ? html` class="is-revoked"` : ''}>
    <td role="cell" class="primary-cell"><strong>${key.name}</strong>${key.revokedAt ? html` <span class="badge">Revoked</span>` : ''}</td>
    <td role="cell" data-label="Key"><code>${key.hint}</code></td>
    <td role="cell" data-label="Created">${timeTag(key.createdAt)}</td>
    <td role="cell" data-label="Last used">${key.lastUsedAt ? timeTag(key.lastUsedAt) : 'Never'}</td>
    <td role="cell" class="actions">${action}</td>
  </tr>`;
}

function apiKeysTable(keys: DeveloperApiKey[], workspaceId: string): SafeHtml {
  if (keys.length === 0) {
    return html`<div class="empty"><strong>No API keys yet.</strong>Create one above to call the API from a script or a server.</div>`;
  }
  return html`<table class="responsive" role="table" aria-labelledby="api-keys-title">
    <thead role="rowgroup"><tr role="row">
      <th role="columnheader" scope="col">Name</th>
      <th role="columnheader" scope="col">Key</th>
      <th role="columnheader" scope="col">Created</th>
      <th role="columnheader" scope="col">Last used</th>
      <th role="columnheader" scope="col"><span class="visually-hidden">Actions</span></th>
    </tr></thead>
    <tbody role="rowgroup">${keys.map((key) => apiKeyRow(key, workspaceId))}</tbody>
  </table>`;
}

/** The "API keys" section of developer settings: a create form above the list. */
export function apiKeysSection(input: { csrfToken: string; workspaceId: string; apiKeys: DeveloperApiKey[] }): SafeHtml {
  return html`<section class="section" aria-labelledby="api-keys-title">
  <div class="section-header">
    <div>
      <h2 id="api-keys-title">API keys</h2>
      <p>A key acts as you in this workspace, with all of your rights, writes included. Keep it secret; revoke it when it is no longer needed.</p>
    </div>
  </div>
  <div class="table-card">
    <form method="post" action="/developer/api-keys" class="inline-form panel">
      ${csrfInput(input.csrfToken)}
      <input type="hidden" name="workspace_id" value="${input.workspaceId}">
      <div class="field">
        <label for="api-key-name">New key name</label>
        <input type="text" id="api-key-name" name="name" required maxlength="100" placeholder="e.g. Nightly import" autocomplete="off">
      </div>
      <button type="submit" name="action" value="create_api_key" class="primary">Create API key</button>
    </form>
    ${apiKeysTable(input.apiKeys, input.workspaceId)}
  </div>
</section>`;
}
