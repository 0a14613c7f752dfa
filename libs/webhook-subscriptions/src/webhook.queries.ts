import { type CursorKey, type Page, type Queryable, SqlParams, toPage } from '@cs/catalog';
import { isIdOf, notFound } from '@cs/domain';
import type { WebhookActor } from './webhook-actor';
import { toWebhook, type Webhook, WEBHOOK_COLUMNS, type WebhookRow } from './webhook.resource';

/** A webhook of the actor's workspace; unknown, malformed and other workspaces' ids are the same 404. */
export async function getWebhook(db: Queryable, actor: WebhookActor, id: string, now: Date): Promise<Webhook> {
  if (!isIdOf('webhook', id)) throw notFound('webhook');
  const [row] = await db.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND workspace_id = $2`, [id, actor.workspaceId]);
  if (!row) throw notFound('webhook');
  return toWebhook(row, now);
}

/** Every webhook of the workspace, newest first (admins manage them together, whoever created one). */
export async function listWebhooks(db: Queryable, actor: WebhookActor, request: { limit: number; after?: CursorKey }, now: Date): Promise<Page<Webhook>> {
  const p = new SqlParams();
  const where = [`workspace_id = ${p.add(actor.workspaceId)}`];
  if (request.after) where.push(`(created_at, id) < (${p.add(request.after[0])}::timestamptz, ${p.add(request.after[1])})`);
  const rows = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${p.add(request.limit + 1)}`,
    p.values,
  );
  return toPage(rows, request.limit, (r) => [r.created_at.toISOString(), r.id], (r) => toWebhook(r, now));
}
