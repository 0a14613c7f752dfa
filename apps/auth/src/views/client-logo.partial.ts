import { SafeHtml, html, safeUrl } from './html';

/**
 * A client's logo, or a lettered placeholder when it has none (or its URL is not http(s)). The image never
 * sends a Referer, so a logo host does not learn which pages show it.
 */
export function clientLogo(name: string, logoUri: string | null, size: 'md' | 'lg' = 'md'): SafeHtml {
  const sizeClass = size === 'lg' ? ' logo-lg' : '';
  const pixels = size === 'lg' ? 64 : 40;
  const src = safeUrl(logoUri);
  if (src) {
    return html`<img class="logo${sizeClass}" src="${src}" alt="${name} logo" width="${pixels}" height="${pixels}" referrerpolicy="no-referrer" loading="lazy">`;
  }
  // The name is always printed next to the logo, so the letter is decoration.
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  return html`<span class="logo logo-placeholder${sizeClass}" aria-hidden="true">${letter}</span>`;
}
