import { newId, type EventType } from '@cs/domain';
import type { EventData } from './event-envelope';
import type { ProcessConversationJob } from './processing-queue';

/** A connection inside the caller's transaction: the outbox row commits or rolls back with the change it announces. */
export interface TransactionQuery {
  query<T = Record<string, unknown>>(sql: string, parameters?: unknown[]): Promise<T[]>;
}

export const PROCESSING_TOPIC = 'processing';
export const EVENT_TOPIC = 'event';
/** Notified by a trigger on each committed event row (migration 1764100000000), so the relay need not wait for its poll. */
export const OUTBOX_EVENT_CHANNEL = 'outbox_event';

/**
 * Records an event about a conversation for webhook delivery, with the conversation's owner and visibility as
 * they are now (call it before a DELETE); returns its evt_ id, which is also the envelope's id.
 */
export async function recordEvent<T extends EventType>(
  tx: TransactionQuery,
  workspaceId: string,
  type: T,
  data: EventData[T],
  requestId: string | null,
  now: Date = new Date(),
): Promise<string> {
  const id = newId('event', now);
  const rows = await tx.query(
    `INSERT INTO outbox (id, workspace_id, topic, type, payload, request_id, created_at, audience)
     SELECT $1, $2, $3, $4, $5, $6, $7, jsonb_build_object('owner_id', c.owner_id, 'visibility', c.visibility)
     FROM conversations c WHERE c.id = $8 AND c.workspace_id = $2
     RETURNING id`,
    [id, workspaceId, EVENT_TOPIC, type, { id, type, created_at: now.toISOString(), data }, requestId, now, data.id],
  );
  if (rows.length === 0) throw new Error(`conversation ${data.id} does not exist: record its event before deleting it`);
  return id;
}

/**
 * Sends the conversation (back) to processing: bumps its generation, marks it pending, and records the job in
 * the outbox, all in the caller's transaction. Returns the new generation.
 */
export async function requestProcessing(
  tx: TransactionQuery,
  conversation: { id: string; workspaceId: string },
  requestId: string | null,
  now: Date = new Date(),
): Promise<number> {
  // Wrapped in a SELECT so every driver returns the rows (TypeORM returns [rows, count] for a bare UPDATE).
  const rows = await tx.query<{ processing_generation: number }>(
    `WITH bumped AS (
       UPDATE conversations
       SET status = 'pending', termination_reason = NULL, error_reason = NULL, processing_generation = processing_generation + 1,
           processing_requested_at = $3, updated_at = $3
       WHERE id = $1 AND workspace_id = $2
       RETURNING processing_generation
     ) SELECT processing_generation FROM bumped`,
    [conversation.id, conversation.workspaceId, now],
  );
  const generation = rows[0]?.processing_generation;
  if (generation === undefined) throw new Error(`conversation ${conversation.id} does not exist`);
  const job: ProcessConversationJob = { conversationId: conversation.id, workspaceId: conversation.workspaceId, generation, requestId };
  await tx.query(
    `INSERT INTO outbox (id, workspace_id, topic, type, payload, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [newId('job', now), conversation.workspaceId, PROCESSING_TOPIC, 'conversation.process', job, requestId, now],
  );
  return generation;
}
