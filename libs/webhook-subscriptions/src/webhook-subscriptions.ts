import type { Page, PageRequest } from '@cs/paging';
import { inTransaction, parseBody, type Tx } from '@cs/writes';
import type { DataSource } from 'typeorm';
import { redeliver, sendTestEvent } from './delivery.commands';
import { recoverFailedDeliveries, type WebhookRecovery } from './delivery-recovery.command';
import { RecoverWebhookInputSchema } from './webhook-input.schema';
import { type DeliveryLogFilters, getDelivery, listDeliveries } from './delivery-log.queries';
import { assertWebhookManager, type WebhookActor } from './webhook-actor';
import { createWebhook, deleteWebhook, rotateWebhookSecret, updateWebhook, type WebhookCommandContext } from './webhook.commands';
import { createWebhookInput, updateWebhookInput } from './webhook-input.schema';
import { getWebhook, listWebhooks } from './webhook.queries';
import type { Webhook, WebhookDelivery, WebhookDeliveryDetail, WebhookWithSecret } from './webhook.resource';

export interface WebhookSubscriptionsOptions {
  /** WEBHOOK_SECRET_KEY. */
  secretKey: string;
  /** NODE_ENV=production: endpoints must be https (issue 5 "Safety"). */
  requireHttps: boolean;
}

/**
 * Managing webhook subscriptions for a workspace admin: the developer-settings pages call it directly, the REST
 * API through WebhookRestApi. Every call checks that the actor is an admin, validates its input once, and runs in
 * one transaction.
 */
export class WebhookSubscriptions {
  private readonly createInput;
  private readonly updateInput;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: WebhookSubscriptionsOptions,
    readonly clock: () => Date = () => new Date(),
  ) {
    this.createInput = createWebhookInput(options.requireHttps);
    this.updateInput = updateWebhookInput(options.requireHttps);
  }

  /** Validates a create body (JSON object) without writing; the REST API fingerprints the parsed form. */
  parseCreate(body: unknown) {
    return parseBody(this.createInput, body);
  }

  parseRecover(body: unknown) {
    return parseBody(RecoverWebhookInputSchema, body);
  }

  parseUpdate(body: unknown) {
    return parseBody(this.updateInput, body);
  }

  async create(actor: WebhookActor, body: unknown): Promise<WebhookWithSecret> {
    assertWebhookManager(actor);
    const input = this.parseCreate(body);
    return this.run(actor, (tx, ctx) => createWebhook(tx, ctx, input));
  }

  async update(actor: WebhookActor, id: string, body: unknown): Promise<Webhook> {
    assertWebhookManager(actor);
    const input = this.parseUpdate(body);
    return this.run(actor, (tx, ctx) => updateWebhook(tx, ctx, id, input));
  }

  async rotateSecret(actor: WebhookActor, id: string): Promise<WebhookWithSecret> {
    return this.run(actor, (tx, ctx) => rotateWebhookSecret(tx, ctx, id));
  }

  async delete(actor: WebhookActor, id: string): Promise<void> {
    return this.run(actor, (tx, ctx) => deleteWebhook(tx, ctx, id));
  }

  async redeliver(actor: WebhookActor, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
    return this.run(actor, (tx, ctx) => redeliver(tx, ctx, id, deliveryId));
  }

  /** Recover (the pages' form): `body` is `{ since }` as the REST body, validated the same way. */
  async recover(actor: WebhookActor, id: string, body: unknown): Promise<WebhookRecovery> {
    const input = this.parseRecover(body);
    return this.run(actor, (tx, ctx) => recoverFailedDeliveries(tx, ctx, id, input));
  }

  async sendTestEvent(actor: WebhookActor, id: string): Promise<WebhookDeliveryDetail> {
    return this.run(actor, (tx, ctx) => sendTestEvent(tx, ctx, id));
  }

  async get(actor: WebhookActor, id: string): Promise<Webhook> {
    assertWebhookManager(actor);
    return getWebhook(this.dataSource, actor, id, this.clock());
  }

  async list(actor: WebhookActor, request: Omit<PageRequest<never>, 'filters'>): Promise<Page<Webhook>> {
    assertWebhookManager(actor);
    return listWebhooks(this.dataSource, actor, request, this.clock());
  }

  async deliveries(actor: WebhookActor, id: string, request: PageRequest<DeliveryLogFilters>): Promise<Page<WebhookDelivery>> {
    assertWebhookManager(actor);
    return listDeliveries(this.dataSource, actor, id, request);
  }

  async delivery(actor: WebhookActor, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
    assertWebhookManager(actor);
    return getDelivery(this.dataSource, actor, id, deliveryId);
  }

  /** Runs a command for an admin inside a transaction of the caller's, or a new one. */
  async run<T>(actor: WebhookActor, command: (tx: Tx, ctx: WebhookCommandContext) => Promise<T>, tx?: Tx): Promise<T> {
    assertWebhookManager(actor);
    const ctx: WebhookCommandContext = { actor, now: this.clock(), secretKey: this.options.secretKey };
    return tx ? command(tx, ctx) : inTransaction(this.dataSource, (own) => command(own, ctx));
  }
}
