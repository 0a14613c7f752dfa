import { html } from './html';
import { csrfInput, describedByAttr, errorSummary, invalidAttr } from './form-controls.partial';
import { PRODUCT_NAME, renderLayout } from './layout.view';

export interface SignInViewInput {
  action: string;
  csrfToken: string;
  /** Echoed back after a failed attempt so the user only retypes the password. */
  email?: string;
  error?: string;
  /** Set during an authorization request: "to continue to {clientName}". */
  clientName?: string;
  /** Set when sign-in attempts are rate-limited for this account or address. */
  throttledSeconds?: number;
}

/** The wait as a person says it: whole minutes rounded up ("in 15 minutes"), "in a minute" under 60 s. */
export function throttleMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts; try again in ${minutes <= 1 ? 'a minute' : `${minutes} minutes`}.`;
}

export function renderSignIn(input: SignInViewInput): string {
  const problem = input.throttledSeconds !== undefined ? throttleMessage(input.throttledSeconds) : input.error;
  // Throttling is not the fields' fault: only a rejected credential marks them invalid.
  const credentialError = input.throttledSeconds === undefined ? input.error : undefined;
  const hasEmail = Boolean(input.email);
  const body = html`
<div class="card">
  <div class="card-header">
    <h1>Sign in</h1>
    <p>${input.clientName ? html`to continue to <strong>${input.clientName}</strong>` : html`to your ${PRODUCT_NAME} account`}</p>
  </div>
  ${errorSummary(problem)}
  <form method="post" action="${input.action}">
    ${csrfInput(input.csrfToken)}
    <div class="field">
      <label for="email">Email</label>
      <input type="email" id="email" name="email" value="${input.email ?? ''}" autocomplete="username" autocapitalize="none" spellcheck="false" required${hasEmail ? '' : html` autofocus`}${invalidAttr(credentialError)}${describedByAttr(problem && 'error-summary')}>
    </div>
    <div class="field">
      <label for="password">Password</label>
      <input type="password" id="password" name="password" autocomplete="current-password" required${hasEmail ? html` autofocus` : ''}${invalidAttr(credentialError)}${describedByAttr(problem && 'error-summary')}>
    </div>
    <button type="submit" name="action" value="sign_in" class="primary button-block">Sign in</button>
  </form>
</div>`;
  return renderLayout({ title: 'Sign in', body, width: 'narrow' });
}
