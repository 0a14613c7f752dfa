import { isIdOf, notFound } from '@cs/domain';
import { newestFirst, type Page, type PageRequest } from '@cs/paging';
import { type RowQueryable, SqlParams } from '@cs/persistence';
import type { WebhookActor } from './webhook-actor';
import { toWebhook, type Webhook, WEBHOOK_COLUMNS, type WebhookRow } from './webhook.resource';

/** A webhook of the actor's workspace; unknown, malformed and other workspaces' ids are the same 404. */
export async function getWebhook(db: RowQueryable, actor: WebhookActor, id: string, now: Date): Promise<Webhook> {
  if (!isIdOf('webhook', id)) throw notFound('webhook');
  const [row] = await db.query<WebhookRow>(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 AND workspace_id = $2`, [id, actor.workspaceId]);
  if (!row) throw notFound('webhook');
  return toWebhook(row, now);
}

/** Every webhook of the workspace, newest first (admins manage them together, whoever created one). */
const ORDER = newestFirst('w');

export async function listWebhooks(db: RowQueryable, actor: WebhookActor, request: Omit<PageRequest<never>, 'filters'>, now: Date): Promise<Page<Webhook>> {
  const p = new SqlParams();
  const where = [`w.workspace_id = ${p.add(actor.workspaceId)}`];
  if (request.after) where.push(ORDER.after(p, request.after));
  const rows = await db.query<WebhookRow>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhooks w WHERE ${where.join(' AND ')} ${ORDER.orderAndLimit(p, request.limit)}`,
    p.values,
  );
  return ORDER.page(rows, request.limit, (r) => toWebhook(r, now));
}
