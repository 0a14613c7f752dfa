import type { Browser } from 'playwright-core';
import type { AuthStack, Person } from './auth-stack';
import { type ApproveOptions, BrowserUser } from './browser-user';
import type { AuthorizationOptions, PendingAuthorization, ThirdPartyApp, Tokens } from './third-party-app';

export interface Connection {
  tokens: Tokens;
  pending: PendingAuthorization;
  /** The URL the browser was redirected to, as the app received it. */
  callback: URL;
}

/** The user lets the app in: authorization request, sign-in and consent in a browser of their own. */
export async function authorizeInBrowser(
  browser: Browser,
  stack: AuthStack,
  app: ThirdPartyApp,
  person: Person,
  options: AuthorizationOptions & ApproveOptions,
): Promise<{ pending: PendingAuthorization; callback: URL }> {
  const pending = await app.authorization(options);
  const user = await BrowserUser.open(browser, person);
  try {
    return { pending, callback: await user.approve(pending.url, stack.callback.origin, options) };
  } finally {
    await user.close();
  }
}

/** The whole connection: the user approves in the browser, then the app exchanges the code. */
export async function connectApp(
  browser: Browser,
  stack: AuthStack,
  app: ThirdPartyApp,
  person: Person,
  options: AuthorizationOptions & ApproveOptions & { tokenResource?: string },
): Promise<Connection> {
  const { pending, callback } = await authorizeInBrowser(browser, stack, app, person, options);
  const tokens = await app.exchange(callback, pending, options.tokenResource ? { resource: options.tokenResource } : {});
  return { tokens, pending, callback };
}
