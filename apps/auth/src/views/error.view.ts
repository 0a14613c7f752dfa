import { html } from './html';
import { PAGE_PATHS, ViewUser, renderLayout } from './layout.view';

export interface ErrorViewInput {
  status: number;
  title: string;
  message: string;
  user?: ViewUser | null;
  /** With a user: the top bar's sign-out form (a member refused a page must still be able to sign out). */
  csrfToken?: string;
}

/**
 * An error shown in place of the page. Authorization errors about the client or its redirect URI are shown
 * here and never redirected: sending the browser to an unverified redirect URI would make us an open redirector.
 */
export function renderError(input: ErrorViewInput): string {
  const body = html`
<div class="card">
  <p class="status-code">Error ${input.status}</p>
  <h1>${input.title}</h1>
  <p class="muted error-message">${input.message}</p>
  <div class="form-actions">
    <a class="button primary" href="${PAGE_PATHS.home}">Go to the home page</a>
  </div>
</div>`;
  return renderLayout({ title: input.title, user: input.user ?? null, ...(input.csrfToken ? { csrfToken: input.csrfToken } : {}), width: 'narrow', body });
}
