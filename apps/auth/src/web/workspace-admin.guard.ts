import { Inject, Injectable } from '@nestjs/common';
import { workspacesOf } from '@cs/accounts';
import type { RowQueryable } from '@cs/persistence';
import { WORKSPACE_ADMIN } from './page.decorators';
import { MarkedRouteGuard } from './marked-route.guard';
import { ErrorPage } from './page-answer';
import type { PageRequest } from './page-request';
import { SQL } from './sql.token';

/**
 * @WorkspaceAdmin() pages (after SignedInGuard): the workspace the page names — `?workspace=` on a GET, the form's
 * `workspace_id` on a POST — when the user administers it, else (when none is named) their first administered one.
 * Anyone else gets the 403 page.
 */
@Injectable()
export class WorkspaceAdminGuard extends MarkedRouteGuard<true> {
  constructor(@Inject(SQL) private readonly db: RowQueryable) {
    super(WORKSPACE_ADMIN);
  }

  protected async guard(req: PageRequest): Promise<boolean> {
    const user = req.pageUser;
    if (!user) throw new Error('WorkspaceAdminGuard runs after SignedInGuard');
    const requested: unknown = req.method === 'POST' ? (req.body as Record<string, unknown> | undefined)?.['workspace_id'] : req.query['workspace'];
    const workspaces = await workspacesOf(this.db, user.id);
    const administered = workspaces.filter((w) => w.role === 'admin');
    const chosen = administered.find((w) => w.id === requested) ?? (requested ? undefined : administered[0]);
    if (!chosen) {
      throw new ErrorPage({ status: 403, title: 'Developer settings are for workspace admins', message: 'Ask an admin of your workspace for access.', user });
    }
    req.adminContext = {
      user,
      workspace: { id: chosen.id, name: chosen.name, oauthAppsEnabled: chosen.oauthAppsEnabled },
      workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, isAdmin: w.role === 'admin' })),
    };
    return true;
  }
}
