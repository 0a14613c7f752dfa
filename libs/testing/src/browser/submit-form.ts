import type { Page, Response } from 'playwright-core';

/**
 * Clicks a form's submit button and resolves with the answer to its POST (its status before any redirect is
 * followed) once the page it leads to has loaded: after a redirect, or the page the POST itself answered.
 */
export async function submitForm(page: Page, button: string): Promise<Response> {
  const mainFrame = page.mainFrame();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.frame() === mainFrame),
    // Redirects commit no document: this fires once, for the page the browser ends up on.
    page.waitForEvent('framenavigated', { predicate: (frame) => frame === mainFrame }),
    page.locator(button).click(),
  ]);
  await page.waitForLoadState('load');
  return response;
}
