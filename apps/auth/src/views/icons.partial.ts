import { SafeHtml, raw } from './html';

// Inline SVG icons (no icon font, no external request). Decorative: hidden from assistive technology,
// the text next to each icon carries the meaning.
const svg = (size: number, body: string): SafeHtml =>
  raw(
    `<svg width="${size}" height="${size}" viewBox="0 0 20 20" fill="none" stroke="currentColor" stroke-width="1.8" ` +
      `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`,
  );

export const icons = {
  brand: (): SafeHtml => svg(16, '<path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h7A2.5 2.5 0 0 1 16 5.5v5a2.5 2.5 0 0 1-2.5 2.5H9l-3.5 3v-3A2.5 2.5 0 0 1 4 10.5z"/>'),
  check: (): SafeHtml => svg(16, '<path d="M4.5 10.5l3.5 3.5 7.5-8"/>'),
  success: (): SafeHtml => svg(16, '<circle cx="10" cy="10" r="7.5"/><path d="M6.8 10.2l2.2 2.2 4.2-4.6"/>'),
  error: (): SafeHtml => svg(16, '<circle cx="10" cy="10" r="7.5"/><path d="M10 6v4.5M10 13.6v.1"/>'),
  info: (): SafeHtml => svg(16, '<circle cx="10" cy="10" r="7.5"/><path d="M10 9v5M10 6.4v.1"/>'),
  workspace: (): SafeHtml => svg(16, '<rect x="3" y="4" width="14" height="12" rx="2"/><path d="M3 8h14"/>'),
};
