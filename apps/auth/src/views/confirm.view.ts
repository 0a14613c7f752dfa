import { html } from './html';
import { csrfInput } from './form-controls.partial';
import { type LayoutInput, type ViewUser, renderLayout } from './layout.view';

export interface ConfirmViewInput {
  csrfToken: string;
  user: ViewUser;
  /** The question, e.g. "Delete Notes Sync?". */
  title: string;
  /** What happens, in a sentence or two. */
  consequence: string;
  /** The form's action: the same path this page was served at, answered by the POST route. */
  action: string;
  /** Hidden fields the POST needs besides the CSRF token (the workspace of an admin page). */
  hidden?: Record<string, string>;
  /** The confirming button: its `action` value (for automation, docs/api.md) and its text. */
  button: { value: string; label: string; danger: boolean };
  /** Where "Cancel" leads: the page the action was started from. */
  cancelHref: string;
  current?: LayoutInput['current'];
}

/**
 * A destructive action asks first (issue 19): the list links here with a GET, and this page's form POSTs with the
 * CSRF token. Plain HTML, no script: it works the same with JavaScript off. The confirming button gets the focus
 * of a keyboard user last, after Cancel, so Enter on the first control never destroys anything.
 */
export function renderConfirm(input: ConfirmViewInput): string {
  const body = html`
<div class="card confirm">
  <h1>${input.title}</h1>
  <p class="muted">${input.consequence}</p>
  <form method="post" action="${input.action}">
    ${csrfInput(input.csrfToken)}
    ${Object.entries(input.hidden ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
    <div class="form-actions">
      <a class="button" href="${input.cancelHref}">Cancel</a>
      <button type="submit" name="action" value="${input.button.value}" class="${input.button.danger ? 'danger' : 'primary'}">${input.button.label}</button>
    </div>
  </form>
</div>`;
  return renderLayout({ title: input.title, user: input.user, csrfToken: input.csrfToken, current: input.current, width: 'narrow', body });
}
