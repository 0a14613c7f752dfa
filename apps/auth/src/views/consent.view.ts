import { SafeHtml, html } from './html';
import { clientLogo } from './client-logo.partial';
import { csrfInput, errorSummary } from './form-controls.partial';
import { icons } from './icons.partial';
import { PAGE_PATHS, PRODUCT_NAME, ViewUser, renderLayout } from './layout.view';

export { SCOPE_DESCRIPTIONS } from './scope-words';

export interface ConsentWorkspace {
  id: string;
  name: string;
}

/**
 * An app that registered itself (an AI assistant): nobody checked who made it, so the page says so and names the
 * host it is known by, its metadata document's or (registered dynamically) its redirect URI's.
 */
export interface UnverifiedApp {
  /** Where its description comes from: the host serving its metadata document, or its redirect URI's host. */
  host: string;
  hostKind: 'metadata_document' | 'redirect_uri';
}

export interface ConsentViewInput {
  action: string;
  csrfToken: string;
  client: { name: string; logoUri: string | null; clientId: string; /** The workspace that registered the app. */ workspaceName?: string | null };
  /** Set for an app that registered itself. */
  unverified?: UnverifiedApp;
  /** Where the browser goes after Allow or Cancel: the redirect URI's host. */
  redirectHost?: string;
  /** The "Not you? Switch account" form's action (signs out, then the same authorization again). */
  switchAccountAction?: string;
  user: ViewUser;
  scopes: { scope: string; description: string }[];
  workspaces: ConsentWorkspace[];
  selectedWorkspaceId?: string;
  error?: string;
}

function unverifiedNotice(app: UnverifiedApp, name: string): SafeHtml {
  const source =
    app.hostKind === 'metadata_document'
      ? html`It describes itself in a document published on <strong>${app.host}</strong>.`
      : html`It registered itself and sends you back to <strong>${app.host}</strong>.`;
  return html`<div class="consent-block unverified-app" role="note">
    <p class="alert alert-info"><span><strong>Unverified app.</strong> “${name}” is the name the app gave itself; nobody has
      checked who made it. ${source} Allow it only if you started this connection from an AI assistant you trust.
      It can read, never change, and only through the MCP server.</span></p>
  </div>`;
}

function workspaceChoice(workspaces: ConsentWorkspace[], selectedId: string | undefined): SafeHtml {
  const [only] = workspaces;
  if (!only) {
    return html`<div class="consent-block"><p class="alert alert-info">You are not a member of any workspace, so there is nothing to connect.</p></div>`;
  }
  if (workspaces.length === 1) {
    return html`<div class="consent-block">
      <p class="label" id="workspace-label">Workspace</p>
      <div class="workspace-single" aria-labelledby="workspace-label">${icons.workspace()}<span>${only.name}</span></div>
      <input type="hidden" name="workspace_id" value="${only.id}">
    </div>`;
  }
  const checkedId = workspaces.some((w) => w.id === selectedId) ? selectedId : only.id;
  return html`<fieldset class="consent-block" aria-describedby="workspace-hint">
    <legend>Workspace</legend>
    <p class="hint legend-hint" id="workspace-hint">The app can only see the workspace you choose.</p>
    <div class="choices">
      ${workspaces.map(
        (workspace, index) => html`<label class="choice" for="workspace-${index}">
          <input type="radio" id="workspace-${index}" name="workspace_id" value="${workspace.id}"${workspace.id === checkedId ? html` checked` : ''} required>
          <span class="choice-text"><span class="choice-title">${workspace.name}</span></span>
        </label>`,
      )}
    </div>
  </fieldset>`;
}

export function renderConsent(input: ConsentViewInput): string {
  const { client, user } = input;
  const body = html`
<div class="card">
  <div class="consent-logos">${clientLogo(client.name, client.logoUri, 'lg')}</div>
  <h1 class="consent-title">${client.name} wants to access your ${PRODUCT_NAME} account</h1>
  ${client.workspaceName ? html`<p class="consent-publisher">Registered by the <strong>${client.workspaceName}</strong> workspace</p>` : ''}
  ${input.unverified ? html`<p class="consent-publisher">Unverified · ${input.unverified.host}</p>` : ''}
  <p class="consent-sub">Signed in as <strong>${user.email}</strong></p>
  ${input.error ? html`<div class="consent-block">${errorSummary(input.error)}</div>` : ''}
  ${input.unverified ? unverifiedNotice(input.unverified, client.name) : ''}
  <form method="post" action="${input.action}">
    ${csrfInput(input.csrfToken)}
    <div class="consent-block">
      <h2 class="label" id="scopes-title">This will allow ${client.name} to:</h2>
      <ul class="scope-list" aria-labelledby="scopes-title">
        ${input.scopes.map((s) => html`<li>${icons.check()}<span>${s.description}</span></li>`)}
      </ul>
    </div>
    ${workspaceChoice(input.workspaces, input.selectedWorkspaceId)}
    <div class="form-actions form-actions-split">
      <button type="submit" name="action" value="deny" class="secondary">Cancel</button>
      ${input.workspaces.length > 0 ? html`<button type="submit" name="action" value="approve" class="primary">Allow</button>` : ''}
    </div>
  </form>
  ${input.switchAccountAction
    ? html`<form method="post" action="${input.switchAccountAction}" class="switch-account">
        ${csrfInput(input.csrfToken)}
        <span>Not you?</span> <button type="submit" name="action" value="switch_account" class="button-link">Switch account</button>
      </form>`
    : ''}
  <div class="card-footer small">
    ${input.redirectHost ? html`<p class="redirect-host">After you choose, you will be sent to <strong>${input.redirectHost}</strong>.</p>` : ''}
    <p>${client.name} will get this access as <strong>${user.email}</strong> until you revoke it, which you can do at any
      time from your <a href="${PAGE_PATHS.account}">Account</a> page.</p>
  </div>
</div>
<p class="center muted small below-card">Client ID <code>${client.clientId}</code></p>`;
  return renderLayout({ title: `Allow ${client.name}`, body, width: 'narrow' });
}
