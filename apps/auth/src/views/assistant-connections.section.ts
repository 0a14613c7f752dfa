import type { AssistantConnectionPolicy, PendingConnectionRequest } from '@cs/oauth';
import { SafeHtml, html } from './html';
import { responsiveTable } from './table.partial';
import { breakableUri } from './breakable-uri.partial';
import { csrfInput } from './form-controls.partial';
import { timeTag } from './utc-date.format';

export const POLICY_CHOICES: readonly { value: AssistantConnectionPolicy; title: string; hint: string }[] = [
  { value: 'on', title: 'On', hint: 'Members connect AI assistants themselves, after the consent screen.' },
  { value: 'ask_admin', title: 'Ask an admin first', hint: 'Each assistant waits for an admin’s approval here before a member’s first connection.' },
  { value: 'off', title: 'Off', hint: 'No AI assistant can connect to this workspace, and those connected get no new tokens.' },
];

/** Where an app that registered itself is known from: its metadata document's URL, or its redirect URIs. */
function appSource(request: PendingConnectionRequest): SafeHtml {
  if (request.clientKind === 'metadata_document') return html`<span class="cell-note">Metadata document</span> ${breakableUri(request.clientId)}`;
  return html`<span class="cell-note">Registered itself; redirects to</span><ul class="url-list">${request.redirectUris.map((uri) => html`<li>${breakableUri(uri)}</li>`)}</ul>`;
}

function requestRow(request: PendingConnectionRequest, workspaceId: string, csrfToken: string): SafeHtml {
  return html`<tr role="row">
    <td role="cell" class="primary-cell"><strong>${request.clientName}</strong> <span class="badge">Unverified</span></td>
    <td role="cell" data-label="Known by">${appSource(request)}</td>
    <td role="cell" data-label="Member">${request.userEmail}<span class="cell-note">Asked ${timeTag(request.requestedAt)}</span></td>
    <td role="cell" class="actions">
      <form method="post" action="/developer/assistant-connections/requests">
        ${csrfInput(csrfToken)}
        <input type="hidden" name="workspace_id" value="${workspaceId}">
        <input type="hidden" name="client_id" value="${request.clientId}">
        <input type="hidden" name="user_id" value="${request.userId}">
        <button type="submit" name="action" value="approve" class="primary" aria-label="Approve ${request.clientName} for ${request.userEmail}">Approve</button>
        <button type="submit" name="action" value="deny" class="danger" aria-label="Decline ${request.clientName} for ${request.userEmail}">Decline</button>
      </form>
    </td>
  </tr>`;
}

/** The "AI assistant connections" section of developer settings: the switch, and the requests waiting for an admin. */
export function assistantConnectionsSection(input: {
  csrfToken: string;
  workspaceId: string;
  policy: AssistantConnectionPolicy;
  pending: PendingConnectionRequest[];
}): SafeHtml {
  return html`<section class="section" aria-labelledby="assistant-connections-title">
  <div class="section-header"><div>
    <h2 id="assistant-connections-title">AI assistant connections</h2>
    <p>AI assistants (Claude, ChatGPT, VS Code, Cursor …) register themselves and read this workspace through the MCP server,
      read-only, once a member allows them. Their names are self-declared and unverified.</p>
  </div></div>
  <form method="post" action="/developer/assistant-connections" class="table-card">
    ${csrfInput(input.csrfToken)}
    <input type="hidden" name="workspace_id" value="${input.workspaceId}">
    <fieldset class="consent-block"><legend>Members may connect AI assistants</legend>
      <div class="choices">
        ${POLICY_CHOICES.map(
          (choice) => html`<label class="choice" for="assistant-policy-${choice.value}">
            <input type="radio" id="assistant-policy-${choice.value}" name="policy" value="${choice.value}"${choice.value === input.policy ? html` checked` : ''} required>
            <span class="choice-text"><span class="choice-title">${choice.title}</span><span class="hint">${choice.hint}</span></span>
          </label>`,
        )}
      </div>
    </fieldset>
    <div class="form-actions"><button type="submit" name="action" value="save_policy" class="primary">Save</button></div>
  </form>
  ${input.pending.length === 0
    ? input.policy === 'ask_admin'
      ? html`<div class="table-card"><div class="empty">No connection is waiting for approval.</div></div>`
      : ''
    : html`<div class="table-card">
    ${responsiveTable({ className: 'assistant-requests', name: { label: 'Waiting for approval' }, columns: ['App', 'Known by', 'Member'], hiddenColumn: 'Decision', rows: input.pending.map((request) => requestRow(request, input.workspaceId, input.csrfToken)) })}
  </div>`}
</section>`;
}
