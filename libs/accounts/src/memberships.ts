import type { Role } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';

export interface MemberWorkspace {
  id: string;
  name: string;
  role: Role;
  oauthAppsEnabled: boolean;
}

/** The workspaces a user belongs to, with their role in each, ordered by name (then id, for equal names). */
export async function workspacesOf(db: RowQueryable, userId: string): Promise<MemberWorkspace[]> {
  const rows = await db.query<{ id: string; name: string; role: Role; oauth_apps_enabled: boolean }>(
    `SELECT w.id, w.name, m.role, w.oauth_apps_enabled FROM memberships m JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = $1 ORDER BY w.name, w.id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role, oauthAppsEnabled: r.oauth_apps_enabled }));
}
