import { isIdOf, notFound, type Principal, visibleTo } from '@cs/domain';
import type { RowQueryable, SqlParams } from '@cs/persistence';

/** Throws 404 unless the folder exists in the caller's workspace and is visible to the caller. */
export async function assertFolderVisible(db: RowQueryable, principal: Principal, folderId: string): Promise<void> {
  if (!isIdOf('folder', folderId)) throw notFound('folder');
  const rows = await db.query(
    `SELECT 1 FROM folders f WHERE f.id = $1 AND f.workspace_id = $2 AND ${visibleTo('f', '$3')}`,
    [folderId, principal.workspaceId, principal.userId],
  );
  if (rows.length === 0) throw notFound('folder');
}

/**
 * Ids of every folder below `folderId` at any depth (not including it). The parent foreign key keeps the
 * tree inside one workspace; folders_children_idx serves each step.
 */
export function descendantFolderIds(p: SqlParams, folderId: string): string {
  return `(WITH RECURSIVE tree(id) AS (
      SELECT child.id FROM folders child WHERE child.parent_id = ${p.add(folderId)}
      UNION ALL
      SELECT f.id FROM folders f JOIN tree ON f.parent_id = tree.id
    ) SELECT id FROM tree)`;
}
