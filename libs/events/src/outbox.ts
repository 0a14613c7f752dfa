import { newId, type EventType, type Visibility } from '@cs/domain';
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

/** Where each kind of event finds its subject, to record the audience with it. */
const SUBJECT_TABLES = { conversation: 'conversations', folder: 'folders', tag: 'tags' } as const;

/** A statement with its own parameters $1…$n. */
export interface ChangeStatement {
  sql: string;
  values: unknown[];
}

export interface RecordEventOptions {
  /** The subject's visibility before this change, when the change was to its visibility (see EventAudience). */
  wasVisibility?: Visibility;
  /**
   * The UPDATE of the subject's row that the event announces, RETURNING *: run with the event as one statement, the
   * audience read from what it returns. One round trip fewer per PATCH (the events bench's write path).
   */
  change?: ChangeStatement;
}

/**
 * Records an event in the caller's transaction, for the feed and webhook delivery, with its audience: the subject's
 * owner and visibility as they are now (call it after an UPDATE, and before a DELETE). Returns its evt_ id, which is
 * also the envelope's id. The outbox row also takes its transaction's id (column `tx`), and the outbox's insert
 * trigger queues the event for the feed sequencer in this same transaction (`feed_pending`, FeedSequencer).
 */
export async function recordEvent<T extends EventType>(
  tx: TransactionQuery,
  workspaceId: string,
  type: T,
  data: EventData[T],
  requestId: string | null,
  now: Date = new Date(),
  options: RecordEventOptions = {},
): Promise<string> {
  const id = newId('event', now);
  const kind = type.split('.')[0] as keyof typeof SUBJECT_TABLES;
  const change = options.change;
  const $ = (n: number) => `$${n + (change?.values.length ?? 0)}`;
  // Tags have no owner and are seen by the whole workspace; conversations and folders by their owner or everyone.
  const audience =
    kind === 'tag'
      ? `jsonb_strip_nulls(jsonb_build_object('visibility', 'workspace', 'was_visibility', ${$(9)}::text))`
      : `jsonb_strip_nulls(jsonb_build_object('owner_id', s.owner_id, 'visibility', s.visibility, 'was_visibility', ${$(9)}::text))`;
  // Inside one statement the table still reads as it was before the change: the changed row comes from its RETURNING.
  const subject = change ? `WITH changed AS (${change.sql}) ` : '';
  const from = change ? `changed s WHERE s.id = ${$(8)}` : `${SUBJECT_TABLES[kind]} s WHERE s.id = ${$(8)} AND s.workspace_id = ${$(2)}`;
  const rows = await tx.query(
    `${subject}INSERT INTO outbox (id, workspace_id, topic, type, payload, request_id, created_at, audience)
     SELECT ${[1, 2, 3, 4, 5, 6, 7].map($).join(', ')}, ${audience}
     FROM ${from}
     RETURNING id`,
    [
      ...(change?.values ?? []),
      ...[id, workspaceId, EVENT_TOPIC, type, { id, type, created_at: now.toISOString(), data }, requestId, now, (data as { id: string }).id, options.wasVisibility ?? null],
    ],
  );
  if (rows.length === 0) throw new Error(`${kind} ${(data as { id: string }).id} does not exist: record its event before deleting it`);
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
