import { createHash } from 'node:crypto';
import { SafeHtml, html, raw } from './html';

/**
 * The pages' only script: it shows the Copy buttons of a revealed secret and copies on click. Without JavaScript
 * the button stays hidden and the secret is selectable as before (progressive enhancement, issue 19). The CSP
 * allows exactly this text by its hash (send-html.ts), so no other script, inline or not, can run.
 */
export const COPY_SCRIPT = `document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var source = document.getElementById(button.getAttribute('data-copy'));
  var status = document.getElementById(button.getAttribute('data-copy') + '-copied');
  if (!source || !status || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    var text = 'value' in source ? source.value : source.textContent;
    navigator.clipboard.writeText(text).then(function () { status.textContent = 'Copied'; }, function () { status.textContent = 'Copy failed: select the text and copy it'; });
  });
});`;

/** The CSP source that lets COPY_SCRIPT, and nothing else, run. */
export const COPY_SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(COPY_SCRIPT, 'utf8').digest('base64')}'`;

/**
 * A Copy button for the element with id `targetId` (its text, or an input's value), hidden until the script shows
 * it, with a live region that says "Copied". Render it once per page.
 */
export function copyButton(targetId: string, label: string): SafeHtml {
  return html`<span class="copy-row">
    <button type="button" class="copy-button" data-copy="${targetId}" aria-label="${label}" hidden>Copy</button>
    <span class="copy-status small muted" id="${targetId}-copied" role="status" aria-live="polite"></span>
  </span>
  <script>${raw(COPY_SCRIPT)}</script>`;
}
