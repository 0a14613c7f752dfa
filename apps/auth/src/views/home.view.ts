import { html } from './html';
import { PAGE_PATHS, PRODUCT_NAME, ViewUser, renderLayout } from './layout.view';

export interface HomeViewInput {
  user: ViewUser | null;
  csrfToken?: string;
}

export function renderHome(input: HomeViewInput): string {
  if (!input.user) {
    const body = html`
<div class="card center">
  <h1>${PRODUCT_NAME}</h1>
  <p class="muted lead">Your meetings and conversations, with transcripts and summaries, available to the apps you connect.</p>
  <div class="form-actions form-actions-center">
    <a class="button primary" href="${PAGE_PATHS.signIn}">Sign in</a>
  </div>
</div>`;
    return renderLayout({ title: 'Welcome', user: null, width: 'narrow', body });
  }
  const body = html`
<div class="page-header">
  <h1>Welcome back</h1>
  <p>Signed in as <strong>${input.user.email}</strong></p>
</div>
<div class="tiles">
  <a class="tile" href="${PAGE_PATHS.account}"><strong>Account</strong><span>See the apps connected to your account and revoke their access.</span></a>
  <a class="tile" href="${PAGE_PATHS.developer}"><strong>Developer settings</strong><span>Register OAuth apps and manage API keys for your workspaces.</span></a>
</div>`;
  return renderLayout({ title: 'Home', user: input.user, csrfToken: input.csrfToken, width: 'medium', body });
}
