import { html } from './html';
import { clientLogo } from './client-logo.partial';
import { csrfInput } from './form-controls.partial';
import { renderLayout } from './layout.view';

export interface ConnectionPendingViewInput {
  /** The consent form's action: "Check again" posts the same choice once more. */
  action: string;
  csrfToken: string;
  client: { name: string; logoUri: string | null };
  workspace: { id: string; name: string };
}

/**
 * The consent of an AI assistant to an "ask an admin first" workspace, held until an admin approves it in developer
 * settings: the sign-in stays open (an hour), and "Check again" finishes it once approved. An approval also covers
 * the next attempt, should this one expire.
 */
export function renderConnectionPending(input: ConnectionPendingViewInput): string {
  const body = html`
<div class="card">
  <div class="consent-logos">${clientLogo(input.client.name, input.client.logoUri, 'lg')}</div>
  <h1 class="consent-title">Waiting for an admin of ${input.workspace.name}</h1>
  <p class="consent-sub">The <strong>${input.workspace.name}</strong> workspace asks an admin to approve each AI assistant
    before it connects. Your request to connect <strong>${input.client.name}</strong> is waiting in its developer settings.</p>
  <form method="post" action="${input.action}">
    ${csrfInput(input.csrfToken)}
    <input type="hidden" name="workspace_id" value="${input.workspace.id}">
    <div class="form-actions form-actions-split">
      <button type="submit" name="action" value="deny" class="secondary">Cancel</button>
      <button type="submit" name="action" value="approve" class="primary">Check again</button>
    </div>
  </form>
  <div class="card-footer small"><p>Once an admin approved it, press Check again, or connect again from your assistant.</p></div>
</div>`;
  return renderLayout({ title: `Waiting for approval · ${input.client.name}`, body, width: 'narrow' });
}
