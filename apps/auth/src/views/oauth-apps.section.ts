import type { ClientSummary } from '@cs/oauth';
import { SafeHtml, html, pathTo } from './html';
import { responsiveTable } from './table.partial';
import { breakableUri } from './breakable-uri.partial';
import { clientLogo } from './client-logo.partial';
import { dateTag, timeTag } from './utc-date.format';

export type DeveloperClient = ClientSummary;

/** The current secret, and during a rotation's overlap the replaced one with the moment it stops working. */
function clientSecrets(client: DeveloperClient): SafeHtml {
  if (!client.previousSecret) return html`<code class="nw">${client.secretHint}</code>`;
  return html`<ul class="secret-list">
    <li><code class="nw">${client.secretHint}</code> <span class="cell-note">Current</span></li>
    <li class="previous-secret"><code class="nw">${client.previousSecret.hint}</code> <span class="cell-note">Previous, works until ${timeTag(client.previousSecret.expiresAt)}</span></li>
  </ul>`;
}

function clientRow(client: DeveloperClient, workspaceId: string): SafeHtml {
  return html`<tr role="row">
    <td role="cell" class="primary-cell">
      <div class="app-cell">${clientLogo(client.name, client.logoUri)}
        <div><strong>${client.name}</strong><code class="muted">${client.clientId}</code>
          <span class="cell-note">Created ${dateTag(client.createdAt)}</span></div>
      </div>
    </td>
    <td role="cell" data-label="Redirect URIs"><ul class="url-list">${client.redirectUris.map((uri) => html`<li>${breakableUri(uri)}</li>`)}</ul></td>
    <td role="cell" data-label="Scopes"><ul class="chips">${client.scopes.map((scope) => html`<li class="chip">${scope}</li>`)}</ul></td>
    <td role="cell" data-label="Secret">${clientSecrets(client)}</td>
    <td role="cell" class="actions">
      <a class="button" href="${pathTo`/developer/clients/${client.clientId}?workspace=${workspaceId}`}" aria-label="Edit ${client.name}">Edit</a>
      <a class="button" href="${pathTo`/developer/clients/${client.clientId}/rotate-secret?workspace=${workspaceId}`}" aria-label="Rotate the secret of ${client.name}">Rotate secret</a>
      <a class="button danger" href="${pathTo`/developer/clients/${client.clientId}/delete?workspace=${workspaceId}`}" aria-label="Delete ${client.name}">Delete</a>
    </td>
  </tr>`;
}

function clientsTable(clients: DeveloperClient[], workspaceId: string): SafeHtml {
  if (clients.length === 0) {
    return html`<div class="table-card"><div class="empty">
      <strong>No OAuth apps yet.</strong>
      Register an app to let it ask the people in this workspace for access to their data.
    </div></div>`;
  }
  return html`<div class="table-card">
    ${responsiveTable({ className: 'oauth-apps', name: { labelledBy: 'oauth-apps-title' }, columns: ['App', 'Redirect URIs', 'Scopes', 'Secret'], hiddenColumn: 'Actions', rows: clients.map((client) => clientRow(client, workspaceId)) })}
  </div>`;
}

/** The "OAuth apps" section of developer settings. */
export function oauthAppsSection(input: {
  csrfToken: string;
  workspaceId: string;
  oauthEnabled: boolean;
  clients: DeveloperClient[];
}): SafeHtml {
  const registerLink = input.oauthEnabled
    ? html`<a class="button primary" href="${pathTo`/developer/clients/new?workspace=${input.workspaceId}`}">Register an OAuth app</a>`
    : '';
  return html`<section class="section" aria-labelledby="oauth-apps-title">
  <div class="section-header">
    <div>
      <h2 id="oauth-apps-title">OAuth apps</h2>
      <p>Apps that ask people in this workspace for permission to read their data, through the consent screen.</p>
    </div>
    ${registerLink}
  </div>
  ${input.oauthEnabled
    ? clientsTable(input.clients, input.workspaceId)
    : html`<div class="notice"><p>OAuth apps are not enabled for this workspace. Ask the operator of the service to enable them.</p></div>`}
</section>`;
}
