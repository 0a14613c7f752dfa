import { DomainError, isIdOf, type Principal, visibleTo } from '@cs/domain';
import type { Tx } from '../tx';

/** A body field naming something that does not exist (or is not visible) is a 404, like an unknown id on reads. */
const missing = (what: string, field: string) =>
  new DomainError('not_found', `No ${what} with that id exists or it is not visible to you.`, { invalidParams: [{ name: field, reason: `no such ${what}` }] });

/**
 * The folder must exist and be visible. FOR KEY SHARE holds it until the caller commits: a concurrent delete of the
 * folder (FOR UPDATE) either waits and then finds it not empty (409), or has already deleted it and this query
 * finds nothing (404); without the lock the reference would fail on the foreign key as a 500.
 */
export async function assertFolderUsable(tx: Tx, principal: Principal, folderId: string, field = 'folder_id'): Promise<void> {
  if (!isIdOf('folder', folderId)) throw missing('folder', field);
  const rows = await tx.query(`SELECT 1 FROM folders f WHERE f.id = $1 AND f.workspace_id = $2 AND ${visibleTo('f', '$3')} FOR KEY SHARE`, [
    folderId,
    principal.workspaceId,
    principal.userId,
  ]);
  if (rows.length === 0) throw missing('folder', field);
}

/**
 * Tags are workspace-wide: any tag of the workspace can be applied. Returns the ids without repeats. The tags are
 * held FOR KEY SHARE until commit, so a concurrent delete of one either waits and then removes the new application
 * too, or has already deleted it and this is a 404 (see assertFolderUsable).
 */
export async function assertTagsExist(tx: Tx, principal: Principal, tagIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return unique;
  const rows = await tx.query<{ id: string }>(`SELECT id FROM tags WHERE workspace_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR KEY SHARE`, [principal.workspaceId, unique]);
  const found = new Set(rows.map((r) => r.id));
  const index = tagIds.findIndex((id) => !found.has(id));
  if (index >= 0) throw missing('tag', `tag_ids[${index}]`);
  return unique;
}
