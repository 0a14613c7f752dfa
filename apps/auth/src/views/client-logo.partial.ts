import { SafeHtml, html, safeUrl } from './html';

/** A URL as a CSS url("…") string: the characters that could end the string or the declaration are %-encoded. */
const cssUrl = (url: string): string => `url("${url.replace(/["'()\\\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}")`;

/**
 * A client's logo over its lettered placeholder. The logo is a CSS background on a layer above the letter, so a
 * logo that fails to load (404, blocked, not an image) leaves the letter showing, with no script and no broken-image
 * icon (issue 19); a URL that is not http(s) or a same-origin path is not requested at all. The page's
 * Referrer-Policy (no-referrer) keeps a logo host from learning which pages show it.
 */
export function clientLogo(name: string, logoUri: string | null, size: 'md' | 'lg' = 'md'): SafeHtml {
  const sizeClass = size === 'lg' ? ' logo-lg' : '';
  const src = safeUrl(logoUri);
  // The name is always printed next to the logo, so the letter and the image are decoration.
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return html`<span class="logo logo-placeholder${sizeClass}" aria-hidden="true"><span class="logo-letter">${letter}</span>${
    src ? html`<span class="logo-image" style="background-image: ${cssUrl(src)}"></span>` : ''
  }</span>`;
}
