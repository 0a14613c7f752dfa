import { conflict, type Folder, forbidden, isIdOf, newId, notFound, visibleTo } from '@cs/domain';
import { getFolder } from '@cs/catalog';
import type { WriteContext } from '../write-context';
import type { FolderRow } from './folder-row';
import { assertFolderUsable } from '../conversations/references';
import type { Tx } from '../tx';
import { rowChange } from '../update-row';
import type { CreateFolderInput, UpdateFolderInput } from './folder-input.schema';
import { folderCreated, folderDeleted, folderPatched } from '../events/change-events';

export async function createFolder(tx: Tx, ctx: WriteContext, input: CreateFolderInput): Promise<Folder> {
  const { principal, now } = ctx;
  if (input.parent_id) await assertFolderUsable(tx, principal, input.parent_id, 'parent_id');
  const folder: FolderRow = { id: newId('folder', now), owner_id: principal.userId, name: input.name, parent_id: input.parent_id ?? null, visibility: input.visibility ?? 'workspace' };
  await tx.query(
    `INSERT INTO folders (id, workspace_id, parent_id, owner_id, name, visibility, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [folder.id, principal.workspaceId, folder.parent_id, folder.owner_id, folder.name, folder.visibility, now],
  );
  await folderCreated(tx, ctx, folder);
  return getFolder(tx, principal, folder.id);
}

/** What a folder's PATCH compares and its events carry: the row as locked, or as inserted. */
async function lockOwnedFolder(tx: Tx, ctx: WriteContext, id: string): Promise<FolderRow> {
  if (!isIdOf('folder', id)) throw notFound('folder');
  const [row] = await tx.query<FolderRow>(`SELECT f.id, f.owner_id, f.name, f.parent_id, f.visibility FROM folders f WHERE f.id = $1 AND f.workspace_id = $2 AND ${visibleTo('f', '$3')} FOR UPDATE`, [
    id,
    ctx.principal.workspaceId,
    ctx.principal.userId,
  ]);
  if (!row) throw notFound('folder');
  if (row.owner_id !== ctx.principal.userId) throw forbidden('Only the owner of a folder can change it.');
  return row;
}

export async function updateFolder(tx: Tx, ctx: WriteContext, id: string, input: UpdateFolderInput): Promise<Folder> {
  // Moves under a folder are serialized per workspace: two concurrent moves (a into b, b into a) would each pass
  // the cycle check below on the tree as it was, and together cut both folders off the tree (or deadlock on
  // their row locks). Taken before any row lock, so it cannot deadlock itself.
  if (input.parent_id) await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`folder-tree:${ctx.principal.workspaceId}`]);
  const locked = await lockOwnedFolder(tx, ctx, id);
  if (input.parent_id) {
    await assertFolderUsable(tx, ctx.principal, input.parent_id, 'parent_id');
    // Moving a folder under itself or one of its descendants would cut the subtree off the tree.
    const [cycle] = await tx.query(
      `WITH RECURSIVE up(id, parent_id) AS (
         SELECT id, parent_id FROM folders WHERE id = $1
         UNION ALL SELECT f.id, f.parent_id FROM folders f JOIN up ON f.id = up.parent_id
       ) SELECT 1 FROM up WHERE id = $2`,
      [input.parent_id, id],
    );
    if (cycle) throw conflict('A folder cannot be moved into itself or one of its subfolders.');
  }
  await folderPatched(tx, ctx, rowChange('folders', locked, { name: input.name, parent_id: input.parent_id, visibility: input.visibility }));
  return getFolder(tx, ctx.principal, id);
}

/**
 * DELETE /folders/{id}: only an empty folder is deleted (no subfolders, no conversations, whoever owns them),
 * so a delete never takes content with it; empty it or move its content first.
 */
export async function deleteFolder(tx: Tx, ctx: WriteContext, id: string): Promise<void> {
  const locked = await lockOwnedFolder(tx, ctx, id);
  const [contents] = await tx.query<{ folders: number; conversations: number }>(
    `SELECT (SELECT count(*)::int FROM folders WHERE parent_id = $1) AS folders,
            (SELECT count(*)::int FROM conversations WHERE folder_id = $1) AS conversations`,
    [id],
  );
  if (contents && (contents.folders > 0 || contents.conversations > 0)) {
    throw conflict(`The folder is not empty (${contents.folders} subfolders, ${contents.conversations} conversations): move or delete them first.`);
  }
  await folderDeleted(tx, ctx, locked);
  await tx.query(`DELETE FROM folders WHERE id = $1`, [id]);
}
