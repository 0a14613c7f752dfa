import { SafeHtml, html } from './html';
import { icons } from './icons.partial';

/** The hidden CSRF field every form carries. */
export function csrfInput(token: string): SafeHtml {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

export interface FieldProblem {
  /** id of the control the message is about; the summary links to it. */
  fieldId: string;
  message: string;
}

/**
 * The summary at the top of a form: one message, or a list linking each problem to its field. role="alert"
 * makes screen readers announce it as the page loads after a failed POST.
 */
export function errorSummary(problems: string | readonly FieldProblem[] | undefined): SafeHtml {
  if (!problems || problems.length === 0) return html``;
  if (typeof problems === 'string') {
    return html`<div class="alert alert-error" role="alert" id="error-summary">${icons.error()}<p>${problems}</p></div>`;
  }
  return html`<div class="alert alert-error" role="alert" id="error-summary" aria-labelledby="error-summary-title">
    ${icons.error()}
    <div>
      <h2 id="error-summary-title">There ${problems.length === 1 ? 'is a problem' : 'are problems'} with this form</h2>
      <ul>${problems.map((p) => html`<li><a href="#${p.fieldId}">${p.message}</a></li>`)}</ul>
    </div>
  </div>`;
}

/** The message shown beside a field; the field points at it with aria-describedby. */
export function fieldError(id: string, message: string | undefined): SafeHtml {
  if (!message) return html``;
  return html`<p class="field-error" id="${id}"><span class="visually-hidden">Error:</span>${message}</p>`;
}

/** ` aria-describedby="…"` naming the ids that describe a control (absent ones skipped), or nothing. */
export function describedByAttr(...ids: (string | false | null | undefined)[]): SafeHtml {
  const present = ids.filter((id): id is string => typeof id === 'string' && id.length > 0);
  return present.length > 0 ? html` aria-describedby="${present.join(' ')}"` : html``;
}

/** ` aria-invalid="true"` when the control has an error, or nothing. */
export function invalidAttr(error: string | undefined): SafeHtml {
  return error ? html` aria-invalid="true"` : html``;
}

/** The problems of a form's fields, in the order the form shows them, each pointing at its control. */
export function fieldProblems<F extends string>(order: readonly F[], controlIds: Record<F, string>, errors: Partial<Record<F, string>>): FieldProblem[] {
  return order.flatMap((field) => {
    const message = errors[field];
    return message ? [{ fieldId: controlIds[field], message }] : [];
  });
}

/** A checkbox per choice, all named `name`, their ids `${idPrefix}-0`, `-1`, …: the first is where the field's error points. */
export function checkboxChoices(input: {
  name: string;
  idPrefix: string;
  choices: readonly { value: string; description: string }[];
  checked: readonly string[];
  error: string | undefined;
}): SafeHtml {
  return html`<div class="choices">
        ${input.choices.map(
          (choice, index) => html`<label class="choice" for="${input.idPrefix}-${index}">
            <input type="checkbox" id="${input.idPrefix}-${index}" name="${input.name}" value="${choice.value}"${input.checked.includes(choice.value) ? html` checked` : ''}${invalidAttr(input.error)}>
            <span class="choice-text"><span class="choice-title mono">${choice.value}</span><span class="choice-desc">${choice.description}</span></span>
          </label>`,
        )}
      </div>`;
}
