import { getTag } from '@cs/catalog';
import { conflict, isIdOf, newId, notFound, type TagCatalogEntry } from '@cs/domain';
import type { WriteContext } from '../write-context';
import type { TagRow } from './tag-row';
import type { Tx } from '../tx';
import { rowChange } from '../update-row';
import { isUniqueViolation } from '../unique-violation';
import type { CreateTagInput, UpdateTagInput } from './tag-input.schema';
import { tagCreated, tagDeleted, tagPatched } from '../events/change-events';

const nameTaken = (name: string) => conflict(`A tag named "${name}" already exists in this workspace (names are compared case-insensitively).`);

/** The unique index on (workspace_id, lower(name)); see the initial schema. */
const TAG_NAME_INDEX = 'tags_name_key';

/** Runs a write that sets a tag's name: a concurrent request that took the name first is a 409, not a 500. */
async function namingTag<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TAG_NAME_INDEX)) throw nameTaken(name);
    throw error;
  }
}

async function assertNameFree(tx: Tx, workspaceId: string, name: string, exceptId: string | null): Promise<void> {
  const rows = await tx.query(`SELECT 1 FROM tags WHERE workspace_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`, [workspaceId, name, exceptId]);
  if (rows.length > 0) throw nameTaken(name);
}

/** Tags belong to the workspace: any member creates, renames and deletes them (as in Linear or Notion). */
export async function createTag(tx: Tx, ctx: WriteContext, input: CreateTagInput): Promise<TagCatalogEntry> {
  const { principal, now } = ctx;
  await assertNameFree(tx, principal.workspaceId, input.name, null);
  const tag: TagRow = { id: newId('tag', now), name: input.name, color: input.color ?? null, description: input.description || null };
  await namingTag(input.name, () =>
    tx.query(`INSERT INTO tags (id, workspace_id, name, color, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, [
      tag.id,
      principal.workspaceId,
      tag.name,
      tag.color,
      tag.description,
      now,
    ]),
  );
  await tagCreated(tx, ctx, tag);
  return getTag(tx, principal, tag.id);
}

/** What a tag's PATCH compares and its events carry: the row as locked, or as inserted. */
async function lockTag(tx: Tx, ctx: WriteContext, id: string): Promise<TagRow> {
  if (!isIdOf('tag', id)) throw notFound('tag');
  const [row] = await tx.query<TagRow>(`SELECT id, name, color, description FROM tags WHERE id = $1 AND workspace_id = $2 FOR UPDATE`, [id, ctx.principal.workspaceId]);
  if (!row) throw notFound('tag');
  return row;
}

export async function updateTag(tx: Tx, ctx: WriteContext, id: string, input: UpdateTagInput): Promise<TagCatalogEntry> {
  const locked = await lockTag(tx, ctx, id);
  if (input.name !== undefined) await assertNameFree(tx, ctx.principal.workspaceId, input.name, id);
  const description = input.description === undefined ? undefined : input.description || null;
  const change = rowChange('tags', locked, { name: input.name, color: input.color, description });
  await namingTag(input.name ?? '', () => tagPatched(tx, ctx, change));
  return getTag(tx, ctx.principal, id);
}

/** Deleting a tag removes it from every conversation (and drops its pending suggestions). */
export async function deleteTag(tx: Tx, ctx: WriteContext, id: string): Promise<void> {
  await tagDeleted(tx, ctx, await lockTag(tx, ctx, id));
  await tx.query(`DELETE FROM tags WHERE id = $1`, [id]);
}
