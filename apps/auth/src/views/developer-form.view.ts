import { html, pathTo, type SafeHtml } from './html';
import { csrfInput, errorSummary, type FieldProblem } from './form-controls.partial';
import { renderLayout, type ViewUser } from './layout.view';

export interface DeveloperFormInput {
  title: string;
  /** Under the title: what the form makes, or which one it edits. */
  intro: SafeHtml;
  user: ViewUser;
  csrfToken: string;
  workspace: { id: string; name: string };
  action: string;
  problems: FieldProblem[];
  fields: SafeHtml;
  save: { value: string; label: string };
  cancelHref: string;
}

/**
 * A developer-settings form page (an OAuth app, a webhook): the way back to the workspace's settings, the form's
 * error summary, its CSRF token and workspace, its fields, then Save and Cancel.
 */
export function renderDeveloperForm(input: DeveloperFormInput): string {
  const body = html`
<div class="page-header">
  <nav class="breadcrumb" aria-label="Breadcrumb"><a href="${pathTo`/developer?workspace=${input.workspace.id}`}">Developer settings</a> / ${input.workspace.name}</nav>
  <h1>${input.title}</h1>
  ${input.intro}
</div>
<div class="card">
  ${errorSummary(input.problems)}
  <form method="post" action="${input.action}">
    ${csrfInput(input.csrfToken)}
    <input type="hidden" name="workspace_id" value="${input.workspace.id}">
    ${input.fields}
    <div class="form-actions">
      <button type="submit" name="action" value="${input.save.value}" class="primary">${input.save.label}</button>
      <a class="button" href="${input.cancelHref}">Cancel</a>
    </div>
  </form>
</div>`;
  return renderLayout({ title: input.title, user: input.user, csrfToken: input.csrfToken, current: 'developer', width: 'medium', body });
}
