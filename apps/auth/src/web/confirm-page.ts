import type { Request, Response } from 'express';
import type { AuthConfig } from '../config/auth-config';
import { type ConfirmViewInput, renderConfirm } from '../views/confirm.view';
import { csrfToken } from './csrf';
import { sendHtml } from './send-html';

/** Answers a destructive action's GET with its confirm page, whose form posts back to the same path. */
export function sendConfirmPage(req: Request, res: Response, config: AuthConfig, page: Omit<ConfirmViewInput, 'csrfToken' | 'action'>): void {
  sendHtml(res, 200, renderConfirm({ ...page, csrfToken: csrfToken(req, res, config), action: req.path }));
}
