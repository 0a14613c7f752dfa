import { SafeHtml, html, pathTo, raw } from './html';
import { DeveloperApiKey, apiKeysSection } from './api-keys.section';
import { FlashMessage, ViewUser, renderLayout } from './layout.view';
import { DeveloperClient, oauthAppsSection } from './oauth-apps.section';

export type { DeveloperApiKey } from './api-keys.section';
export type { DeveloperClient } from './oauth-apps.section';

export interface DeveloperWorkspace {
  id: string;
  name: string;
  isAdmin: boolean;
}

export interface RevealedSecret {
  label: string;
  value: string;
}

export interface DeveloperSettingsViewInput {
  csrfToken: string;
  user: ViewUser;
  workspace: { id: string; name: string };
  /** Every workspace of the user, for the switcher (links to /developer?workspace=ID). */
  workspaces: DeveloperWorkspace[];
  oauthEnabled: boolean;
  clients: DeveloperClient[];
  apiKeys: DeveloperApiKey[];
  /** A secret shown once, right after it was created or rotated. */
  revealed?: RevealedSecret;
  flash?: FlashMessage;
}

function workspaceSwitcher(workspaces: DeveloperWorkspace[], currentId: string): SafeHtml {
  if (workspaces.length < 2) return html``;
  return html`<nav aria-label="Workspaces"><ul class="switcher">
    ${workspaces.map(
      (w) => html`<li><a href="${pathTo`/developer?workspace=${w.id}`}"${w.id === currentId ? html` aria-current="page"` : ''}>${w.name}${w.isAdmin ? '' : html` <span class="badge">Member</span>`}</a></li>`,
    )}
  </ul></nav>`;
}

function revealedSecret(revealed: RevealedSecret | undefined): SafeHtml {
  if (!revealed) return html``;
  return html`<section class="reveal" aria-labelledby="revealed-title">
    <h2 id="revealed-title">${revealed.label}</h2>
    <code class="secret-value" aria-describedby="revealed-note">${revealed.value}</code>
    <p class="small muted" id="revealed-note"><strong>Copy it now. It will not be shown again.</strong> Store it somewhere safe, such as a secrets manager.</p>
  </section>`;
}

/**
 * @param extraSections Trusted HTML sections appended after "API keys": the place where the webhooks
 *   section (a later issue) plugs in. They are inserted unescaped, so pass only markup rendered by a view.
 */
export function renderDeveloperSettings(input: DeveloperSettingsViewInput, extraSections: readonly string[] = []): string {
  const body = html`
${revealedSecret(input.revealed)}
<div class="page-header">
  <h1>Developer settings</h1>
  <p>OAuth apps, API keys and webhooks for the <strong>${input.workspace.name}</strong> workspace.</p>
  ${workspaceSwitcher(input.workspaces, input.workspace.id)}
</div>
${oauthAppsSection({ csrfToken: input.csrfToken, workspaceId: input.workspace.id, oauthEnabled: input.oauthEnabled, clients: input.clients })}
${apiKeysSection({ csrfToken: input.csrfToken, workspaceId: input.workspace.id, apiKeys: input.apiKeys })}
${extraSections.map((section) => raw(section))}`;
  return renderLayout({
    title: `Developer settings · ${input.workspace.name}`,
    user: input.user,
    csrfToken: input.csrfToken,
    flash: input.flash,
    current: 'developer',
    body,
  });
}
