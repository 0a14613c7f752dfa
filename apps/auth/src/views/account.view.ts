import type { Connection } from '@cs/oauth';
import { SafeHtml, html, pathTo } from './html';
import { clientLogo } from './client-logo.partial';
import { csrfInput } from './form-controls.partial';
import { FlashMessage, ViewUser, renderLayout } from './layout.view';
import { timeTag } from './utc-date.format';

export type AccountConnection = Connection;

export interface AccountViewInput {
  csrfToken: string;
  user: ViewUser;
  connections: AccountConnection[];
  flash?: FlashMessage;
}

function connectionRow(connection: AccountConnection, csrfToken: string): SafeHtml {
  return html`<tr role="row">
    <td role="cell" class="primary-cell">
      <div class="app-cell">${clientLogo(connection.clientName, connection.logoUri)}<strong>${connection.clientName}</strong></div>
    </td>
    <td role="cell" data-label="Workspace">${connection.workspaceName}</td>
    <td role="cell" data-label="Permissions">
      <ul class="chips">${connection.scopes.map((scope) => html`<li class="chip">${scope}</li>`)}</ul>
    </td>
    <td role="cell" data-label="Connected">${timeTag(connection.connectedAt)}</td>
    <td role="cell" data-label="Last used">${connection.lastUsedAt ? timeTag(connection.lastUsedAt) : 'Never'}</td>
    <td role="cell" class="actions">
      <form method="post" action="${pathTo`/account/connections/${connection.id}/revoke`}">
        ${csrfInput(csrfToken)}
        <button type="submit" name="action" value="revoke" class="danger" aria-label="Revoke access for ${connection.clientName}">Revoke access</button>
      </form>
    </td>
  </tr>`;
}

function connectionsTable(connections: AccountConnection[], csrfToken: string): SafeHtml {
  if (connections.length === 0) {
    return html`<div class="table-card"><div class="empty">
      <strong>No apps are connected to your account.</strong>
      Apps you allow to access your account will appear here, and you can revoke their access at any time.
    </div></div>`;
  }
  return html`<div class="table-card">
    <table class="responsive" role="table" aria-labelledby="connected-apps-title">
      <thead role="rowgroup"><tr role="row">
        <th role="columnheader" scope="col">App</th>
        <th role="columnheader" scope="col">Workspace</th>
        <th role="columnheader" scope="col">Permissions</th>
        <th role="columnheader" scope="col">Connected</th>
        <th role="columnheader" scope="col">Last used</th>
        <th role="columnheader" scope="col"><span class="visually-hidden">Actions</span></th>
      </tr></thead>
      <tbody role="rowgroup">${connections.map((c) => connectionRow(c, csrfToken))}</tbody>
    </table>
  </div>`;
}

export function renderAccount(input: AccountViewInput): string {
  const body = html`
<div class="page-header">
  <h1>Account</h1>
  <p>Signed in as <strong>${input.user.email}</strong></p>
</div>
<section aria-labelledby="connected-apps-title">
  <div class="section-header">
    <div>
      <h2 id="connected-apps-title">Connected apps</h2>
      <p>Apps you have allowed to access your account. Revoking access signs the app out immediately; it will have to ask again.</p>
    </div>
  </div>
  ${connectionsTable(input.connections, input.csrfToken)}
</section>`;
  return renderLayout({
    title: 'Account',
    user: input.user,
    csrfToken: input.csrfToken,
    flash: input.flash,
    current: 'account',
    body,
  });
}
