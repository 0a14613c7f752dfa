import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Person, submitForm } from '@cs/testing';

/** What the browser ended on after pressing a consent page's button. */
export interface ConsentOutcome {
  /** The status of the consent form's POST (303 when it went on to the app, else the page it answered). */
  status: number;
  url: URL;
}

/**
 * A person at Chromium, connecting an AI assistant: signs in when the authorization asks, reads and answers the
 * consent page, revokes on /account; as a workspace admin, changes the "AI assistant connections" switch and
 * decides waiting requests in developer settings. The test reads the code from the URL the browser ends on.
 */
export class AssistantUser {
  private constructor(
    readonly person: Person,
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async open(browser: Browser, person: Person): Promise<AssistantUser> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    context.setDefaultTimeout(15_000);
    return new AssistantUser(person, context, await context.newPage());
  }

  /** Opens an authorization URL and signs in if asked; resolves on the consent page. */
  async openConsent(authorizationUrl: URL): Promise<void> {
    await this.page.goto(authorizationUrl.href);
    if ((await this.page.locator('input[name="password"]').count()) > 0) await this.signInHere();
    await this.page.locator('button[name="action"][value="approve"]').waitFor();
  }

  /** Presses Allow (or "Check again" on the waiting page, the same button). */
  allow(): Promise<ConsentOutcome> {
    return this.press('button[name="action"][value="approve"]');
  }

  /** Signs in on /sign-in, outside any authorization. */
  async signIn(authUrl: string, returnTo: string): Promise<void> {
    await this.page.goto(`${authUrl}/sign-in?return_to=${encodeURIComponent(returnTo)}`);
    await this.signInHere();
  }

  /** Revokes an app on the account page, by its name, through the confirm page. */
  async revokeApp(authUrl: string, appName: string): Promise<void> {
    await this.page.goto(`${authUrl}/account`);
    await this.page.getByRole('link', { name: `Revoke access for ${appName}`, exact: true }).click();
    const outcome = await this.press('button[name="action"][value="revoke"]');
    if (outcome.status !== 303) throw new Error(`revoking ${appName} answered ${outcome.status}`);
  }

  /** Developer settings → AI assistant connections: picks a setting by its label and saves. */
  async setAssistantConnections(authUrl: string, workspaceId: string, label: 'On' | 'Ask an admin first' | 'Off'): Promise<void> {
    await this.page.goto(`${authUrl}/developer?workspace=${encodeURIComponent(workspaceId)}`);
    await this.page.getByRole('radio', { name: new RegExp(`^${label}\\b`) }).check();
    const outcome = await this.press('button[name="action"][value="save_policy"]');
    if (outcome.status !== 303) throw new Error(`saving the setting answered ${outcome.status}`);
  }

  /** Developer settings: approves (or declines) a waiting request of an app for a member. */
  async decideRequest(authUrl: string, workspaceId: string, appName: string, memberEmail: string, decision: 'Approve' | 'Decline'): Promise<void> {
    await this.page.goto(`${authUrl}/developer?workspace=${encodeURIComponent(workspaceId)}`);
    const outcome = await this.press(`button[aria-label="${decision} ${appName} for ${memberEmail}"]`);
    if (outcome.status !== 303) throw new Error(`${decision} answered ${outcome.status}`);
  }

  close(): Promise<void> {
    return this.context.close();
  }

  private async signInHere(): Promise<void> {
    await this.page.locator('input[name="email"]').fill(this.person.email);
    await this.page.locator('input[name="password"]').fill(this.person.password);
    const outcome = await this.press('button[name="action"][value="sign_in"]');
    if (outcome.status !== 303) throw new Error(`sign-in as ${this.person.email} answered ${outcome.status}`);
  }

  /** Clicks a form's submit button; resolves once the page it leads to (after any redirects) has loaded. */
  private async press(button: string): Promise<ConsentOutcome> {
    const response = await submitForm(this.page, button);
    return { status: response.status(), url: new URL(this.page.url()) };
  }
}
