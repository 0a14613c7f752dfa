import { forbidden, isIdOf, notFound } from '@cs/domain';
import type { RowQueryable } from '@cs/persistence';
import type { WebhookActor } from './webhook-actor';

/*
 * Who may do what to a webhook (docs/api.md "Subscriptions"). A webhook delivers events about the conversations its
 * owner can see, the owner's private ones included, and admins see no more than members. So whatever reads what it
 * sent or decides where it sends (its delivery log, Redeliver, Recover, Send test event, its URL and other
 * settings, its signing secret) is its owner's alone: another admin of the workspace would otherwise learn of
 * conversations they cannot see, or point the webhook at an endpoint of their own. Every admin may still see each
 * webhook's settings, turn it off or on, and delete it: none of that shows or moves an event.
 */

export type WebhookLock = 'FOR UPDATE' | 'FOR SHARE' | null;

export interface WebhookAccessRow {
  owner_id: string;
  enabled: boolean;
  secret_sealed: string;
}

/**
 * The webhook `id` of the actor's workspace, locked as asked (FOR SHARE: a concurrent delete waits, so nothing new
 * points at a webhook that is going away; FOR UPDATE: also one change at a time). Unknown, malformed and other
 * workspaces' ids are the same 404. With `ownerOnly` (what the actor is doing, in words), 403 unless the actor
 * owns it.
 */
export async function webhookFor(
  db: RowQueryable,
  actor: WebhookActor,
  id: string,
  access: { lock: WebhookLock; ownerOnly?: string },
): Promise<WebhookAccessRow> {
  if (!isIdOf('webhook', id)) throw notFound('webhook');
  const [row] = await db.query<WebhookAccessRow>(
    `SELECT owner_id, enabled, secret_sealed FROM webhooks WHERE id = $1 AND workspace_id = $2 ${access.lock ?? ''}`,
    [id, actor.workspaceId],
  );
  if (!row) throw notFound('webhook');
  if (access.ownerOnly !== undefined && row.owner_id !== actor.userId) {
    throw forbidden(
      `Only the admin who owns this webhook may ${access.ownerOnly}: it delivers events about the conversations its owner can see. ` +
        'Any admin may turn it off or delete it.',
    );
  }
  return row;
}
