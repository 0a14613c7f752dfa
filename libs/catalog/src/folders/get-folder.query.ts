import { type Folder, isIdOf, notFound, type Principal, visibleTo } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';

/** One visible folder, as GET /folders shows it (the write endpoints answer with it). */
export async function getFolder(db: RowQueryable, principal: Principal, id: string): Promise<Folder> {
  if (!isIdOf('folder', id)) throw notFound('folder');
  const [row] = await db.query<{ id: string; name: string; parent_id: string | null; created_at: Date }>(
    `SELECT f.id, f.name, f.parent_id, f.created_at FROM folders f
     WHERE f.id = $1 AND f.workspace_id = $2 AND ${visibleTo('f', '$3')}`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('folder');
  return { id: row.id, name: row.name, parent_id: row.parent_id, created_at: row.created_at.toISOString() };
}
