import { Catalog, LIST_CONVERSATIONS_PARAMS } from '@cs/catalog';
import type { CursorCodec } from '@cs/paging';
import type { ConversationListEntry, ListEnvelope, Principal } from '@cs/domain';
import { newId } from '@cs/domain';
import { readQueryable } from '@cs/persistence';
import type { DataSource } from 'typeorm';

/** GET /conversations' first page exactly as apps/api serves it: the Catalog on the DataSource's pool (raw SQL, typed row mapper). */
export function catalogFirstPage(ds: DataSource, cursors: CursorCodec): (principal: Principal) => Promise<ListEnvelope<ConversationListEntry>> {
  const catalog = new Catalog(readQueryable(ds), cursors);
  return (principal) => catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString({}));
}

/** A tag as libs/writes' tag command inserts it (one parameterized INSERT, here outside a transaction as the TypeORM one is). */
export async function insertTagRaw(ds: DataSource, workspaceId: string, name: string): Promise<void> {
  const now = new Date();
  await ds.query('INSERT INTO tags (id, workspace_id, name, color, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)', [
    newId('tag', now),
    workspaceId,
    name,
    null,
    null,
    now,
  ]);
}
