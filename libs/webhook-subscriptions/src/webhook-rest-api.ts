import type { ListEnvelope, Principal } from '@cs/domain';
import { type CursorCodec, NO_PARAMS, oneOf, PAGE, PAGE_PARAMS, pageRequest, QueryParams, type RawQuery, toEnvelope } from '@cs/paging';
import { z } from 'zod/v4';
import { idempotent, type Tx, validIdempotencyKey, type WriteRequest, type WriteResult } from '@cs/writes';
import { redeliver, sendTestEvent } from './delivery.commands';
import { recoverFailedDeliveries } from './delivery-recovery.command';
import type { DeliveryLogFilters } from './delivery-log.queries';
import { assertWebhookManager } from './webhook-actor';
import { createWebhook, currentWebhookSecret, rotateWebhookSecret, type WebhookCommandContext } from './webhook.commands';
import type { WebhookSubscriptions } from './webhook-subscriptions';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail, WebhookWithSecret } from './webhook.resource';

/** GET /api/v1/webhooks/{id}/deliveries: every delivery, or the failed ones only. */
export const LIST_DELIVERIES_PARAMS = new QueryParams(z.strictObject({ status: oneOf(['all', 'failed'], 'all'), ...PAGE }));

/** Drops the secret from an answer before it is remembered for Idempotency-Key replays (see `post`). */
function withoutSecret({ secret: _secret, ...webhook }: WebhookWithSecret): Webhook {
  return webhook;
}

/**
 * /api/v1/webhooks: the REST shape of WebhookSubscriptions. Admins only (403 `forbidden` for members, before any
 * lookup or validation); POSTs honour Idempotency-Key like every other write; lists are cursor-paginated by @cs/paging,
 * as the catalog's are.
 */
export class WebhookRestApi {
  constructor(
    private readonly subscriptions: WebhookSubscriptions,
    private readonly cursors: CursorCodec,
  ) {}

  async create(request: WriteRequest, body: unknown): Promise<WriteResult> {
    assertWebhookManager(request.principal);
    const input = this.subscriptions.parseCreate(body);
    return this.post(request, body, async (tx, ctx) => withoutSecret(await createWebhook(tx, ctx, input)), true);
  }

  async list(principal: Principal, query: RawQuery): Promise<ListEnvelope<Webhook>> {
    assertWebhookManager(principal);
    const request = pageRequest(this.cursors, principal, 'webhooks', PAGE_PARAMS.fromQueryString(query), {}, {});
    return toEnvelope(this.cursors, principal, 'webhooks', request.filters, await this.subscriptions.list(principal, request));
  }

  async get(principal: Principal, id: string, query: RawQuery): Promise<Webhook> {
    assertWebhookManager(principal);
    NO_PARAMS.fromQueryString(query);
    return this.subscriptions.get(principal, id);
  }

  async update(request: WriteRequest, id: string, body: unknown): Promise<WriteResult> {
    return { status: 200, body: await this.subscriptions.update(request.principal, id, body), replayed: false };
  }

  async delete(request: WriteRequest, id: string): Promise<WriteResult> {
    await this.subscriptions.delete(request.principal, id);
    return { status: 204, body: undefined, replayed: false };
  }

  async rotateSecret(request: WriteRequest, id: string): Promise<WriteResult> {
    assertWebhookManager(request.principal);
    return this.post(request, {}, async (tx, ctx) => withoutSecret(await rotateWebhookSecret(tx, ctx, id)), true, 200);
  }

  async listDeliveries(principal: Principal, id: string, query: RawQuery): Promise<ListEnvelope<WebhookDelivery>> {
    assertWebhookManager(principal);
    const params = LIST_DELIVERIES_PARAMS.fromQueryString(query);
    const filters: DeliveryLogFilters = { status: params.values.status };
    // The route names the webhook, so a cursor of one webhook's log cannot page through another's.
    const route = `webhooks/${id}/deliveries`;
    const request = pageRequest(this.cursors, principal, route, params, filters, { status: 'status' });
    return toEnvelope(this.cursors, principal, route, request.filters, await this.subscriptions.deliveries(principal, id, request));
  }

  async getDelivery(principal: Principal, id: string, deliveryId: string, query: RawQuery): Promise<WebhookDeliveryDetail> {
    assertWebhookManager(principal);
    NO_PARAMS.fromQueryString(query);
    return this.subscriptions.delivery(principal, id, deliveryId);
  }

  async redeliver(request: WriteRequest, id: string, deliveryId: string): Promise<WriteResult> {
    assertWebhookManager(request.principal);
    return this.post(request, {}, (tx, ctx) => redeliver(tx, ctx, id, deliveryId), false);
  }

  async recover(request: WriteRequest, id: string, body: unknown): Promise<WriteResult> {
    assertWebhookManager(request.principal);
    const input = this.subscriptions.parseRecover(body);
    return this.post(request, body, (tx, ctx) => recoverFailedDeliveries(tx, ctx, id, input), false, 202);
  }

  async sendTestEvent(request: WriteRequest, id: string): Promise<WriteResult> {
    assertWebhookManager(request.principal);
    return this.post(request, {}, (tx, ctx) => sendTestEvent(tx, ctx, id), false);
  }

  /**
   * A POST, at most once per Idempotency-Key (libs/writes). Answers that carry a signing secret are remembered
   * without it (the idempotency table keeps bodies in clear for a day; secrets are only ever stored sealed) and
   * get the webhook's current secret attached, on the first answer and on a replay alike.
   */
  private post(
    request: WriteRequest,
    fingerprint: unknown,
    command: (tx: Tx, ctx: WebhookCommandContext) => Promise<unknown>,
    attachSecret: boolean,
    status = 201,
  ): Promise<WriteResult> {
    const key = validIdempotencyKey(request.idempotencyKey);
    return this.subscriptions.run(request.principal, async (tx, ctx) => {
      const result = await idempotent(tx, request.principal, { key, method: request.method, path: request.path, fingerprint }, ctx.now, async () => ({
        status,
        body: await command(tx, ctx),
      }));
      if (!attachSecret) return result;
      const webhook = result.body as Webhook;
      return { ...result, body: { ...webhook, secret: await currentWebhookSecret(tx, ctx, webhook.id) } };
    });
  }
}
