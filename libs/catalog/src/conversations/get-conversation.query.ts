import { type Conversation, isIdOf, notFound, type Principal, visibleTo } from '@cs/domain';
import { QueryParams } from '@cs/paging';
import type { RowQueryable } from '@cs/persistence';
import { z } from 'zod/v4';
import { CONVERSATION_COLUMNS, type ConversationRow, type SourceRow, toConversation } from './conversation-rows';

/** The get-conversation tool's arguments: the id REST takes in its path. */
export const GET_CONVERSATION_ARGS = new QueryParams(z.strictObject({ id: z.string().min(1, { error: 'must not be empty' }) }));

/** GET /conversations/{id}: summary and full sources. Unknown, other-workspace and invisible ids are the same 404. */
export async function getConversation(db: RowQueryable, principal: Principal, id: string): Promise<Conversation> {
  if (!isIdOf('conversation', id)) throw notFound('conversation');
  const [row] = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS}, c.summary, c.action_items
     FROM conversations c
     WHERE c.id = $1 AND c.workspace_id = $2 AND ${visibleTo('c', '$3')}`,
    [id, principal.workspaceId, principal.userId],
  );
  if (!row) throw notFound('conversation');
  const sources = await db.query<SourceRow>(
    `SELECT id, type, title, added_at, duration_seconds, language, meeting_url, attendees, content, participants
     FROM sources WHERE conversation_id = $1 ORDER BY position, id`,
    [id],
  );
  return toConversation(row, sources);
}
