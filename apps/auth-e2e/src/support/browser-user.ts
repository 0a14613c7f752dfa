import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { submitForm } from '@cs/testing';
import type { Person } from './auth-stack';

export interface ApproveOptions {
  /** The workspace to connect, by its name as the consent page shows it; else the preselected one. */
  workspace?: string;
  /** Runs on the consent page before Allow is pressed (assertions, screenshots). */
  onConsent?: (page: Page) => Promise<void>;
  /** Runs on the sign-in page before the form is filled, when a sign-in is asked for. */
  onSignIn?: (page: Page) => Promise<void>;
}

/**
 * A person at a browser: their own cookie jar (a Playwright context), filling our forms by their documented
 * names (`email`, `password`, buttons with `name="action"`), as docs/api.md "OAuth" promises automation.
 */
export class BrowserUser {
  private constructor(
    readonly person: Person,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  /** `javaScript: false` browses as a visitor without scripts, which every page must serve as well. */
  static async open(browser: Browser, person: Person, options: { javaScript?: boolean; width?: number } = {}): Promise<BrowserUser> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      locale: 'en-US',
      javaScriptEnabled: options.javaScript ?? true,
    });
    context.setDefaultTimeout(15_000);
    return new BrowserUser(person, context, await context.newPage());
  }

  /**
   * Runs `run` as `person` at a new browser user, signed in first when `signIn` says where, and closes the user's
   * browser context however `run` ends.
   */
  static async with<T>(
    browser: Browser,
    person: Person,
    run: (user: BrowserUser) => Promise<T>,
    options: { javaScript?: boolean; signIn?: { authUrl: string; returnTo: string } } = {},
  ): Promise<T> {
    const user = await BrowserUser.open(browser, person, options);
    try {
      if (options.signIn) await user.signIn(options.signIn.authUrl, options.signIn.returnTo);
      return await run(user);
    } finally {
      await user.close();
    }
  }

  /**
   * Follows an authorization URL: signs in if asked, approves the consent page, and resolves with the URL the
   * browser was redirected to (on the app's callback origin).
   */
  async approve(authorizationUrl: URL, callbackOrigin: string, options: ApproveOptions = {}): Promise<URL> {
    await this.page.goto(authorizationUrl.href);
    if (await this.isSignInPage()) {
      await options.onSignIn?.(this.page);
      await this.signInHere();
    }
    await this.page.locator('button[name="action"][value="approve"]').waitFor();
    if (options.workspace) await this.page.getByRole('radio', { name: options.workspace, exact: true }).check();
    await options.onConsent?.(this.page);
    await Promise.all([
      this.page.waitForURL((url) => url.origin === callbackOrigin),
      this.page.locator('button[name="action"][value="approve"]').click(),
    ]);
    return new URL(this.page.url());
  }

  /** Fills and submits the sign-in form on the current page, with the given password (default: the right one). */
  async signInHere(password = this.person.password): Promise<Response> {
    await this.page.locator('input[name="email"]').fill(this.person.email);
    await this.page.locator('input[name="password"]').fill(password);
    return this.submit('button[name="action"][value="sign_in"]');
  }

  /** Clicks a submit button: the answer to the form's POST, once the page it leads to has loaded (submitForm). */
  submit(button: string): Promise<Response> {
    return submitForm(this.page, button);
  }

  /** Signs in on the account pages (outside any authorization request). */
  async signIn(authUrl: string, returnTo = '/account'): Promise<void> {
    await this.page.goto(`${authUrl}/sign-in?return_to=${encodeURIComponent(returnTo)}`);
    const response = await this.signInHere();
    if (response.status() !== 303) throw new Error(`Sign-in as ${this.person.email} answered ${response.status()}, not 303`);
  }

  async isSignInPage(): Promise<boolean> {
    return (await this.page.locator('input[name="password"]').count()) > 0;
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
