import { type Folder, type Principal, visibleTo } from '@cs/domain';
import { flag, newestFirst, PAGE, type Page, type PageRequest, QueryParams, text } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import { z } from 'zod/v4';
import { assertFolderVisible, descendantFolderIds } from './folder-access';
import { dateTime } from '../params/filter-fields';

/** GET /api/v1/folders and the list-folders tool. */
export const LIST_FOLDERS_PARAMS = new QueryParams(
  z.strictObject({ folder_id: text().optional(), recursive: flag(true), updated_after: dateTime.optional(), ...PAGE }),
);

export type ListFoldersParams = z.output<typeof LIST_FOLDERS_PARAMS.schema>;

export interface FolderFilters {
  folderId: string | null;
  recursive: boolean;
  /** Only folders changed strictly after this time (name, parent or visibility). */
  updatedAfter: string | null;
}

const ORDER = newestFirst('f');

interface FolderRow {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: Date;
}

/** GET /folders: visible folders, newest first; inside folder_id at any depth, or direct children only. */
export async function listFolders(db: RowQueryable, principal: Principal, request: PageRequest<FolderFilters>): Promise<Page<Folder>> {
  const { filters, limit, after } = request;
  if (filters.folderId !== null) await assertFolderVisible(db, principal, filters.folderId);
  const p = new SqlParams();
  const where = [`f.workspace_id = ${p.add(principal.workspaceId)}`, visibleTo('f', p.add(principal.userId))];
  if (filters.folderId !== null) {
    where.push(filters.recursive ? `f.id IN ${descendantFolderIds(p, filters.folderId)}` : `f.parent_id = ${p.add(filters.folderId)}`);
  }
  if (filters.updatedAfter !== null) where.push(`f.updated_at > ${p.add(filters.updatedAfter)}::timestamptz`);
  if (after) where.push(ORDER.after(p, after));
  const rows = await db.query<FolderRow>(
    `SELECT f.id, f.name, f.parent_id, f.created_at FROM folders f
     WHERE ${where.join(' AND ')}
     ${ORDER.orderAndLimit(p, limit)}`,
    p.values,
  );
  return ORDER.page(rows, limit, (r) => ({ id: r.id, name: r.name, parent_id: r.parent_id, created_at: r.created_at.toISOString() }));
}
