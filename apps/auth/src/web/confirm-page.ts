import type { Request, Response } from 'express';
import type { AuthConfig } from '../config/auth-config';
import { type ConfirmViewInput, renderConfirm } from '../views/confirm.view';
import { csrfToken } from './csrf';
import type { AdminContext } from './page-request';
import { sendHtml } from './send-html';

/** What one action's confirmation says: the question, what happens, and the confirming button. */
export type Confirmation = Pick<ConfirmViewInput, 'title' | 'consequence' | 'button'>;

/** Where a confirmation was started from, which its page keeps: the user, the page Cancel returns to, the form's hidden fields. */
export type ConfirmationOrigin = Omit<ConfirmViewInput, keyof Confirmation | 'csrfToken' | 'action'>;

/** A developer-settings page of the admin's workspace: its form posts the workspace back, as every admin form does. */
export const fromAdminPage = (ctx: AdminContext, cancelHref: string): ConfirmationOrigin => ({
  user: ctx.user,
  hidden: { workspace_id: ctx.workspace.id },
  cancelHref,
  current: 'developer',
});

/** Answers a destructive action's GET with its confirm page, whose form posts back to the same path. */
export function sendConfirmPage(req: Request, res: Response, config: AuthConfig, from: ConfirmationOrigin, confirmation: Confirmation): void {
  sendHtml(res, 200, renderConfirm({ ...from, ...confirmation, csrfToken: csrfToken(req, res, config), action: req.path }));
}
