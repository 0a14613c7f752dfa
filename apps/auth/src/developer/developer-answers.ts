import type { AdminContext } from '../web/page-request';
import { ErrorPage } from '../web/page-answer';

/** An id that is not of the page's workspace (or no longer exists) is a 404 page. */
export const notInWorkspace = (ctx: AdminContext) =>
  new ErrorPage({ status: 404, title: 'Not found', message: 'It does not exist in this workspace, or it was already removed.', user: ctx.user });

/**
 * Developer pages link to the page of the workspace they are about; `done` names the flash message, `revealed`
 * the id of a secret kept for one view (RevealedSecrets).
 */
export const settingsOf = (ctx: AdminContext, done?: string, revealed?: string) =>
  `/developer?workspace=${encodeURIComponent(ctx.workspace.id)}${done ? `&done=${done}` : ''}${revealed ? `&revealed=${revealed}` : ''}`;
