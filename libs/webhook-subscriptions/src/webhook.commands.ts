import { newWebhookSecret, openWebhookSecret, PREVIOUS_SECRET_GRACE_SECONDS, sealWebhookSecret } from '@cs/events';
import { newId } from '@cs/domain';
import type { Tx } from '@cs/writes';
import { type WebhookActor } from './webhook-actor';
import { webhookFor } from './webhook-access';
import type { CreateWebhookInput, UpdateWebhookInput } from './webhook-input.schema';
import { getWebhook } from './webhook.queries';
import type { Webhook, WebhookWithSecret } from './webhook.resource';

/** What every subscription command needs besides its input. */
export interface WebhookCommandContext {
  actor: WebhookActor;
  now: Date;
  /** WEBHOOK_SECRET_KEY: seals signing secrets at rest. */
  secretKey: string;
}

/** Creates a subscription owned by the actor, with a new signing secret (returned in clear this once). */
export async function createWebhook(tx: Tx, ctx: WebhookCommandContext, input: CreateWebhookInput): Promise<WebhookWithSecret> {
  const { actor, now } = ctx;
  const id = newId('webhook', now);
  const secret = newWebhookSecret();
  await tx.query(
    `INSERT INTO webhooks (id, workspace_id, owner_id, url, description, events, secret_sealed, enabled, rate_limit_per_second, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, $9)`,
    [id, actor.workspaceId, actor.userId, input.url, input.description ?? null, input.events, sealWebhookSecret(ctx.secretKey, secret), input.rate_limit_per_second ?? null, now],
  );
  return { ...(await getWebhook(tx, actor, id, now)), secret };
}

/**
 * PATCH semantics (absent fields stay). Turning a webhook on clears why it was off and its failing run, so the
 * worker starts it afresh; turning it off marks it `manual`. Setting the state it already has changes nothing,
 * so a webhook the worker disabled as `failing` stays `failing` when an admin "disables" it again. Any admin may
 * turn a webhook off or on; every other setting is its owner's (webhook-access.ts).
 */
export async function updateWebhook(tx: Tx, ctx: WebhookCommandContext, id: string, input: UpdateWebhookInput): Promise<Webhook> {
  const changes: Record<string, unknown> = {
    url: input.url,
    events: input.events,
    description: input.description,
    rate_limit_per_second: input.rate_limit_per_second,
  };
  const settings = Object.values(changes).some((value) => value !== undefined);
  const current = await webhookFor(tx, ctx.actor, id, { lock: 'FOR UPDATE', ...(settings ? { ownerOnly: 'change its settings' } : {}) });
  if (input.enabled === true && !current.enabled) {
    Object.assign(changes, { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
  } else if (input.enabled === false && current.enabled) {
    Object.assign(changes, { enabled: false, disabled_reason: 'manual', disabled_at: ctx.now });
  }
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (entries.length > 0) {
    const sets = [...entries.map(([column], i) => `${column} = $${i + 2}`), `updated_at = $${entries.length + 2}`];
    await tx.query(`UPDATE webhooks SET ${sets.join(', ')} WHERE id = $1`, [id, ...entries.map(([, value]) => value), ctx.now]);
  }
  return getWebhook(tx, ctx.actor, id, ctx.now);
}

/**
 * A new signing secret. The replaced one keeps signing beside it for PREVIOUS_SECRET_GRACE_SECONDS (both
 * signatures in `webhook-signature`, per Standard Webhooks), so receivers can switch without losing deliveries.
 * A second rotation within that window retires the older of the two at once.
 */
export async function rotateWebhookSecret(tx: Tx, ctx: WebhookCommandContext, id: string): Promise<WebhookWithSecret> {
  const current = await webhookFor(tx, ctx.actor, id, { lock: 'FOR UPDATE', ownerOnly: 'rotate its signing secret' });
  const secret = newWebhookSecret();
  await tx.query(
    `UPDATE webhooks SET secret_sealed = $2, previous_secret_sealed = $3, previous_secret_expires_at = $4, updated_at = $5 WHERE id = $1`,
    [id, sealWebhookSecret(ctx.secretKey, secret), current.secret_sealed, new Date(ctx.now.getTime() + PREVIOUS_SECRET_GRACE_SECONDS * 1000), ctx.now],
  );
  return { ...(await getWebhook(tx, ctx.actor, id, ctx.now)), secret };
}

/**
 * Deletes the subscription with its whole delivery log (the foreign keys cascade); pending deliveries are dropped.
 * Any admin may: it shows and moves no event.
 */
export async function deleteWebhook(tx: Tx, ctx: WebhookCommandContext, id: string): Promise<void> {
  await webhookFor(tx, ctx.actor, id, { lock: 'FOR UPDATE' });
  await tx.query(`DELETE FROM webhooks WHERE id = $1`, [id]);
}

/** The current signing secret in clear, for the answer of an idempotent replay of create or rotate-secret. */
export async function currentWebhookSecret(tx: Tx, ctx: WebhookCommandContext, id: string): Promise<string> {
  const row = await webhookFor(tx, ctx.actor, id, { lock: 'FOR UPDATE', ownerOnly: 'see its signing secret' });
  return openWebhookSecret(ctx.secretKey, row.secret_sealed);
}
