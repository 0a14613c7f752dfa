import { newId } from '@cs/domain';
import type { TestDatabase } from '@cs/testing';

/** A delivery row as the webhook worker leaves it, with one attempt per entry of `attempts` (fixtures for the log). */
export async function insertDelivery(
  db: TestDatabase,
  webhook: { id: string; workspaceId: string },
  options: { status: 'pending' | 'succeeded' | 'failed'; createdAt: Date; attempts: { status: number | null; errorKind: string | null }[] },
): Promise<{ id: string; eventId: string }> {
  const id = newId('delivery', options.createdAt);
  const eventId = newId('event', options.createdAt);
  const payload = { id: eventId, type: 'conversation.ready', created_at: options.createdAt.toISOString(), data: { id: newId('conversation'), title: 'Sync', started_at: null, status: 'ready' } };
  await db.dataSource.query(
    `INSERT INTO webhook_deliveries (id, workspace_id, webhook_id, event_id, event_type, payload, status, attempts, created_at, updated_at, completed_at)
     VALUES ($1, $2, $3, $4, 'conversation.ready', $5, $6, $7, $8, $8, $9)`,
    [id, webhook.workspaceId, webhook.id, eventId, JSON.stringify(payload), options.status, options.attempts.length, options.createdAt, options.status === 'pending' ? null : options.createdAt],
  );
  for (const [i, attempt] of options.attempts.entries()) {
    await db.dataSource.query(
      `INSERT INTO webhook_attempts (id, delivery_id, attempt, started_at, duration_ms, request_url, request_headers, request_body, response_status,
                                     response_headers, response_body, error_kind, error_message)
       VALUES ($1, $2, $3, $4, $5, 'https://hooks.example.test/in', $6, $7, $8, $9, $10, $11, $12)`,
      [
        newId('delivery'),
        id,
        i + 1,
        new Date(options.createdAt.getTime() + i * 5000),
        40 + i,
        JSON.stringify({ 'content-type': 'application/json', 'webhook-id': eventId, 'webhook-timestamp': '1767225600', 'webhook-signature': 'v1,abc=' }),
        JSON.stringify(payload),
        attempt.status,
        attempt.status === null ? null : JSON.stringify({ 'content-type': 'text/plain' }),
        attempt.status === null ? null : `answer ${i + 1}`,
        attempt.errorKind,
        attempt.errorKind === null ? null : `attempt ${i + 1} failed: ${attempt.errorKind}`,
      ],
    );
  }
  return { id, eventId };
}
