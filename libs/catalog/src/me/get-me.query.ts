import { type Me, notFound, type Principal } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';

/** GET /me: the user and workspace the connection is bound to; the email only with the `email` scope. */
export async function getMe(db: RowQueryable, principal: Principal): Promise<Me> {
  const [row] = await db.query<{ email: string; workspace_name: string }>(
    `SELECT u.email, w.name AS workspace_name
     FROM memberships m JOIN users u ON u.id = m.user_id JOIN workspaces w ON w.id = m.workspace_id
     WHERE m.user_id = $1 AND m.workspace_id = $2`,
    [principal.userId, principal.workspaceId],
  );
  if (!row) throw notFound('user');
  return {
    user_id: principal.userId,
    email: principal.scopes.has('email') ? row.email : null,
    workspace_id: principal.workspaceId,
    workspace_name: row.workspace_name,
  };
}
