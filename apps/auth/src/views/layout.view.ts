import { SafeHtml, html, raw } from './html';
import { csrfInput } from './form-controls.partial';
import { icons } from './icons.partial';
import { STYLES } from './styles';

export const PRODUCT_NAME = 'Conversation Service';

/** Where the top bar links point; the controllers serve these paths. */
export const PAGE_PATHS = {
  home: '/',
  signIn: '/sign-in',
  signOut: '/sign-out',
  account: '/account',
  developer: '/developer',
} as const;

export interface ViewUser {
  email: string;
}

export interface FlashMessage {
  kind: 'success' | 'error' | 'info';
  message: string;
}

export interface LayoutInput {
  /** The page's own title; the product name is appended. */
  title: string;
  user?: ViewUser | null;
  /** Needed for the sign-out form; without it the top bar shows no sign-out button. */
  csrfToken?: string;
  body: SafeHtml;
  flash?: FlashMessage;
  /** Marks the matching top-bar link with aria-current="page". */
  current?: 'account' | 'developer';
  /** Narrow centered column for single-card pages (sign-in, consent, errors). */
  width?: 'narrow' | 'medium' | 'wide';
}

export function flashMessage(flash: FlashMessage | undefined): SafeHtml {
  if (!flash) return html``;
  const icon = flash.kind === 'success' ? icons.success() : flash.kind === 'error' ? icons.error() : icons.info();
  return html`<div class="alert alert-${flash.kind}" role="status">${icon}<p>${flash.message}</p></div>`;
}

function topBarUser(user: ViewUser, csrfToken: string | undefined, current: LayoutInput['current']): SafeHtml {
  const link = (key: 'account' | 'developer', label: string): SafeHtml =>
    html`<a href="${PAGE_PATHS[key]}"${current === key ? html` aria-current="page"` : ''}>${label}</a>`;
  return html`<nav class="topnav" aria-label="Main">
      ${link('account', 'Account')}
      ${link('developer', 'Developer settings')}
    </nav>
    <span class="topbar-email" title="${user.email}"><span class="visually-hidden">Signed in as </span>${user.email}</span>
    ${csrfToken
      ? html`<form class="topbar-signout" method="post" action="${PAGE_PATHS.signOut}">
          ${csrfInput(csrfToken)}
          <button type="submit" name="action" value="sign_out">Sign out</button>
        </form>`
      : ''}`;
}

/** The complete HTML document around a page body. */
export function renderLayout(input: LayoutInput): string {
  const widthClass = input.width === 'narrow' ? ' page-narrow' : input.width === 'medium' ? ' page-medium' : '';
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="color-scheme" content="light">
<title>${input.title} · ${PRODUCT_NAME}</title>
<style>${raw(STYLES)}</style>
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="topbar">
  <div class="topbar-inner">
    <a class="brand" href="${PAGE_PATHS.home}"><span class="brand-mark">${icons.brand()}</span>${PRODUCT_NAME}</a>
    ${input.user ? topBarUser(input.user, input.csrfToken, input.current) : ''}
  </div>
</header>
<main id="main" class="page${widthClass}" tabindex="-1">
${flashMessage(input.flash)}
${input.body}
</main>
</body>
</html>
`;
  return document.toString();
}
