import type { Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { renderError } from '../views/error.view';
import { csrfValid } from '../web/csrf';
import { sendHtml } from '../web/send-html';
import type { SignedInUser, WebSessions } from '../web/web-sessions';

export interface AdminContext {
  user: SignedInUser;
  workspace: { id: string; name: string; oauthAppsEnabled: boolean };
  workspaces: { id: string; name: string; isAdmin: boolean }[];
}

export type ContextFailure = { kind: 'signed_out' } | { kind: 'not_admin'; user: SignedInUser };

/**
 * Developer settings belong to workspace admins (docs/api.md "Access rules"). Picks the requested
 * workspace when the user administers it, else their first administered one.
 */
export async function adminContext(
  ds: DataSource,
  sessions: WebSessions,
  req: Request,
  requestedWorkspaceId: unknown,
): Promise<AdminContext | ContextFailure> {
  const user = await sessions.current(req);
  if (!user) return { kind: 'signed_out' };
  const rows = await ds.query<{ id: string; name: string; role: string; oauth_apps_enabled: boolean }[]>(
    `SELECT w.id, w.name, m.role, w.oauth_apps_enabled FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = $1 ORDER BY w.name, w.id`,
    [user.id],
  );
  const admin = rows.filter((r) => r.role === 'admin');
  const chosen = admin.find((r) => r.id === requestedWorkspaceId) ?? (requestedWorkspaceId ? undefined : admin[0]);
  if (!chosen) return { kind: 'not_admin', user };
  return {
    user,
    workspace: { id: chosen.id, name: chosen.name, oauthAppsEnabled: chosen.oauth_apps_enabled },
    workspaces: rows.map((r) => ({ id: r.id, name: r.name, isAdmin: r.role === 'admin' })),
  };
}

/**
 * The admin context of a developer-settings page, or null after answering itself: a redirect to sign in, a 403
 * for a non-admin, or a 403 for a form whose CSRF token does not match.
 */
export async function adminPageContext(
  ds: DataSource,
  sessions: WebSessions,
  req: Request,
  res: Response,
  workspaceId: unknown,
  isForm = false,
): Promise<AdminContext | null> {
  const ctx = await adminContext(ds, sessions, req, workspaceId);
  if ('kind' in ctx) {
    if (ctx.kind === 'signed_out') res.redirect(303, '/sign-in?return_to=/developer');
    else sendHtml(res, 403, renderError({ status: 403, title: 'Developer settings are for workspace admins', message: 'Ask an admin of your workspace for access.', user: ctx.user }));
    return null;
  }
  if (isForm && !csrfValid(req)) {
    sendHtml(res, 403, renderError({ status: 403, title: 'This form has expired', message: 'Reload the page and try again.', user: ctx.user }));
    return null;
  }
  return ctx;
}
