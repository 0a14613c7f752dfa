import { html, type SafeHtml } from './html';
import { type AccountConnectedApp, connectedAppsSection } from './connected-apps.section';
import { type FlashMessage, type ViewUser, renderLayout } from './layout.view';

export type { AccountConnectedApp } from './connected-apps.section';

export interface AccountViewInput {
  csrfToken: string;
  user: ViewUser;
  apps: AccountConnectedApp[];
  /** Further sections (personal API keys), rendered by their own views. */
  sections?: SafeHtml[];
  /** A secret shown once, right after it was created. */
  revealed?: SafeHtml;
  flash?: FlashMessage;
}

export function renderAccount(input: AccountViewInput): string {
  const body = html`
${input.revealed}
<div class="page-header">
  <h1>Account</h1>
  <p>Signed in as <strong>${input.user.email}</strong></p>
</div>
${connectedAppsSection(input.apps)}
${input.sections ?? []}`;
  return renderLayout({
    title: 'Account',
    user: input.user,
    csrfToken: input.csrfToken,
    flash: input.flash,
    current: 'account',
    body,
  });
}
