import { copyButton } from './copy-button.partial';
import { SafeHtml, html } from './html';

/** A secret shown once, right after it was created or rotated (kept for that one view by RevealedSecrets). */
export interface RevealedSecretView {
  label: string;
  value: string;
}

/** The once-only panel of a new secret (developer settings, account page). */
export function revealedSecret(revealed: RevealedSecretView | undefined): SafeHtml {
  if (!revealed) return html``;
  return html`<section class="reveal" aria-labelledby="revealed-title">
    <h2 id="revealed-title">${revealed.label}</h2>
    <code class="secret-value" id="revealed-value" aria-describedby="revealed-note">${revealed.value}</code>
    ${copyButton('revealed-value', `Copy ${revealed.label}`)}
    <p class="small muted" id="revealed-note"><strong>Copy it now. It will not be shown again.</strong> Store it somewhere safe, such as a secrets manager.</p>
  </section>`;
}
