import type { ConnectedApp } from '@cs/oauth';
import { SafeHtml, html, pathTo } from './html';
import { responsiveTable } from './table.partial';
import { clientLogo } from './client-logo.partial';
import { scopeInWords } from './scope-words';
import { timeTag } from './utc-date.format';

export type AccountConnectedApp = ConnectedApp;

/** One row per app, however many times it was authorized; its permissions in the consent screen's words. */
function appRow(app: AccountConnectedApp): SafeHtml {
  return html`<tr role="row" data-client-id="${app.clientId}">
    <td role="cell" class="primary-cell">
      <div class="app-cell">${clientLogo(app.clientName, app.logoUri)}<strong>${app.clientName}</strong>${app.selfRegistered
        ? html` <span class="badge" title="An AI assistant that registered itself: its name is its own, nobody verified it">Unverified</span>`
        : ''}</div>
    </td>
    <td role="cell" data-label="Workspace">${app.workspaceNames.join(', ')}</td>
    <td role="cell" data-label="Permissions">
      <ul class="scope-words">${app.scopes.map((scope) => html`<li>${scopeInWords(scope)}</li>`)}</ul>
    </td>
    <td role="cell" data-label="Connected">${timeTag(app.connectedAt)}</td>
    <td role="cell" data-label="Last used">${app.lastUsedAt ? timeTag(app.lastUsedAt) : 'Never'}</td>
    <td role="cell" class="actions">
      <a class="button danger" href="${pathTo`/account/apps/${app.clientId}/revoke`}" aria-label="Revoke access for ${app.clientName}">Revoke</a>
    </td>
  </tr>`;
}

/** The account page's "Connected apps": what the user allowed, and a Revoke per app (behind a confirm page). */
export function connectedAppsSection(apps: AccountConnectedApp[]): SafeHtml {
  const table =
    apps.length === 0
      ? html`<div class="table-card"><div class="empty">
      <strong>No apps are connected to your account.</strong>
      Apps you allow to access your account will appear here, and you can revoke their access at any time.
    </div></div>`
      : html`<div class="table-card">
    ${responsiveTable({ className: 'connected-apps', name: { labelledBy: 'connected-apps-title' }, columns: ['App', 'Workspace', 'Permissions', 'Connected', 'Last used'], hiddenColumn: 'Actions', rows: apps.map(appRow) })}
  </div>`;
  return html`<section class="section" aria-labelledby="connected-apps-title">
  <div class="section-header">
    <div>
      <h2 id="connected-apps-title">Connected apps</h2>
      <p>Apps you have allowed to access your account. Revoking access signs the app out immediately; it will have to ask again.</p>
    </div>
  </div>
  ${table}
</section>`;
}
