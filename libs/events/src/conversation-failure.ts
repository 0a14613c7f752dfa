import { recordEvent, type TransactionQuery } from './outbox';

/**
 * Ends a conversation in `error` for good (nothing left to process) and records conversation.failed, in the caller's
 * transaction: processing that gave up and a meeting bot that ended without a recording say so the same way. False
 * when the conversation is gone.
 */
export async function failConversation(
  tx: TransactionQuery,
  conversation: { id: string; workspaceId: string },
  reasons: { errorReason: string; terminationReason: string | null },
  requestId: string | null,
  now: Date,
): Promise<boolean> {
  // Wrapped in a SELECT so every driver returns the rows (TypeORM returns [rows, count] for a bare UPDATE).
  const [row] = await tx.query<{ title: string | null; started_at: Date }>(
    `WITH failed AS (
       UPDATE conversations
       SET status = 'error', error_reason = $3, termination_reason = $4, processing_requested_at = NULL, updated_at = $5
       WHERE id = $1 AND workspace_id = $2
       RETURNING title, COALESCE(started_at, created_at) AS started_at
     ) SELECT * FROM failed`,
    [conversation.id, conversation.workspaceId, reasons.errorReason, reasons.terminationReason, now],
  );
  if (!row) return false;
  const data = { id: conversation.id, title: row.title, started_at: row.started_at.toISOString(), status: 'error' as const, error_reason: reasons.errorReason };
  await recordEvent(tx, conversation.workspaceId, 'conversation.failed', data, requestId, now);
  return true;
}
