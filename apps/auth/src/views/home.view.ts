import { html } from './html';
import { PAGE_PATHS, PRODUCT_NAME, ViewUser, navigationFor, renderLayout } from './layout.view';

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
  ${navigationFor(input.user).map((item) => html`<a class="tile" href="${item.path}"><strong>${item.label}</strong><span>${item.summary}</span></a>`)}
</div>`;
  return renderLayout({ title: 'Home', user: input.user, csrfToken: input.csrfToken, width: 'medium', body });
}
