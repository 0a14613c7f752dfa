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
  /** Whether they administer a workspace: only then are admin pages linked (members were shown doors to a 403). */
  administers?: boolean;
}

/** A page of the top navigation, and its tile on the home page. */
export interface NavigationItem {
  key: string;
  label: string;
  path: string;
  /** `admins`: linked only for people who administer a workspace (the page refuses anyone else). */
  audience: 'everyone' | 'admins';
  /** The home page's description of it. */
  summary: string;
}

/**
 * The navigation, as data: a new page (an "AI assistant connections" page, say) is one more entry, and both the
 * top bar and the home page's tiles follow.
 */
export const NAVIGATION: readonly NavigationItem[] = [
  { key: 'account', label: 'Account', path: PAGE_PATHS.account, audience: 'everyone', summary: 'See the apps connected to your account and manage your personal API keys.' },
  { key: 'developer', label: 'Developer settings', path: PAGE_PATHS.developer, audience: 'admins', summary: 'Register OAuth apps and webhooks for the workspaces you administer.' },
];

/** The pages this user may open. */
export const navigationFor = (user: ViewUser): NavigationItem[] => NAVIGATION.filter((item) => item.audience === 'everyone' || user.administers === true);

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
  /** Marks the top-bar link with this NavigationItem key with aria-current="page". */
  current?: string | undefined;
  /** Narrow centered column for single-card pages (sign-in, consent, errors). */
  width?: 'narrow' | 'medium' | 'wide';
}

export function flashMessage(flash: FlashMessage | undefined): SafeHtml {
  if (!flash) return html``;
  const icon = flash.kind === 'success' ? icons.success() : flash.kind === 'error' ? icons.error() : icons.info();
  return html`<div class="alert alert-${flash.kind}" role="status">${icon}<p>${flash.message}</p></div>`;
}

function topBarUser(user: ViewUser, csrfToken: string | undefined, current: LayoutInput['current']): SafeHtml {
  return html`<nav class="topnav" aria-label="Main">
      ${navigationFor(user).map((item) => html`<a href="${item.path}"${current === item.key ? html` aria-current="page"` : ''}>${item.label}</a>`)}
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
