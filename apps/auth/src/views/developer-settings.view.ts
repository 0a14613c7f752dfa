import { SafeHtml, html, pathTo, raw } from './html';
import { FlashMessage, PAGE_PATHS, ViewUser, renderLayout } from './layout.view';
import { type RevealedSecretView, revealedSecret } from './revealed-secret.partial';
import { DeveloperClient, oauthAppsSection } from './oauth-apps.section';

export type { DeveloperClient } from './oauth-apps.section';

export interface DeveloperWorkspace {
  id: string;
  name: string;
  isAdmin: boolean;
}

export type RevealedSecret = RevealedSecretView;

export interface DeveloperSettingsViewInput {
  csrfToken: string;
  user: ViewUser;
  workspace: { id: string; name: string };
  /** Every workspace of the user, for the switcher (links to /developer?workspace=ID). */
  workspaces: DeveloperWorkspace[];
  oauthEnabled: boolean;
  clients: DeveloperClient[];
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


/**
 * @param extraSections Trusted HTML sections appended after "API keys": the place where the webhooks
 *   section (a later issue) plugs in. They are inserted unescaped, so pass only markup rendered by a view.
 */
export function renderDeveloperSettings(input: DeveloperSettingsViewInput, extraSections: readonly string[] = []): string {
  const body = html`
${revealedSecret(input.revealed)}
<div class="page-header">
  <h1>Developer settings</h1>
  <p>OAuth apps and webhooks for the <strong>${input.workspace.name}</strong> workspace. Your personal API keys are on your <a href="${PAGE_PATHS.account}">Account</a> page.</p>
  ${workspaceSwitcher(input.workspaces, input.workspace.id)}
</div>
${oauthAppsSection({ csrfToken: input.csrfToken, workspaceId: input.workspace.id, oauthEnabled: input.oauthEnabled, clients: input.clients })}
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
