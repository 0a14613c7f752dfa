import type { Response } from 'express';
import { type ErrorViewInput, renderError } from '../views/error.view';
import { sendHtml } from './send-html';

/**
 * What a page answers instead of itself when a check fails: thrown by the page guards (or a handler), and sent by
 * HtmlErrorFilter, so every failing check answers the same way wherever it is declared.
 */
export abstract class PageAnswer extends Error {
  abstract send(res: Response): void;
}

/** 303 to the sign-in page, which returns to `returnTo` afterwards. */
export class SignInFirst extends PageAnswer {
  constructor(readonly returnTo: string) {
    super(`sign in first, then return to ${returnTo}`);
  }

  send(res: Response): void {
    res.redirect(303, `/sign-in?return_to=${this.returnTo}`);
  }
}

/** An error page in place of the page. */
export class ErrorPage extends PageAnswer {
  constructor(readonly page: ErrorViewInput) {
    super(page.title);
  }

  send(res: Response): void {
    sendHtml(res, this.page.status, renderError(this.page));
  }
}

/** A form POST whose body is not the form the page sent (another media type, too large, unreadable). */
export const unreadableForm = (status: number, user?: ErrorViewInput['user']): ErrorPage =>
  new ErrorPage({
    status,
    title: status === 413 ? 'This form is too large' : 'This form could not be read',
    message: 'Go back, reload the page and submit the form from it again.',
    ...(user ? { user } : {}),
  });
