import { forbidden, isIdOf, notFound, type Principal, type Visibility, visibleTo } from '@cs/domain';
import type { Tx } from '../tx';

export interface LockedConversation {
  id: string;
  workspace_id: string;
  owner_id: string;
  folder_id: string | null;
  visibility: Visibility;
  title: string | null;
  status: 'pending' | 'ready' | 'error' | null;
  started_at: Date;
}

/**
 * Locks a conversation the caller may change and reads what a PATCH compares and its event carries. Invisible ones
 * are 404 like on reads; visible ones owned by someone else are 403 (only the owner changes a conversation, see the
 * OpenAPI document).
 */
export async function lockOwnedConversation(tx: Tx, principal: Principal, id: string): Promise<LockedConversation> {
  if (!isIdOf('conversation', id)) throw notFound('conversation');
  const [row] = await tx.query<LockedConversation>(
    `SELECT c.id, c.workspace_id, c.owner_id, c.folder_id, c.visibility, c.title, c.status, COALESCE(c.started_at, c.created_at) AS started_at
     FROM conversations c WHERE c.id = $1 AND c.workspace_id = $2 AND ${visibleTo('c', '$3')}
     FOR UPDATE`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('conversation');
  if (row.owner_id !== principal.userId) throw forbidden('Only the owner of a conversation can change it.');
  return row;
}
