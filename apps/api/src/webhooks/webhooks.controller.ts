import { Controller, Param, Query, UseInterceptors } from '@nestjs/common';
import { WEBHOOK_ROUTES as W } from '@cs/api-routes';
import type { RawQuery } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { WebhookRestApi } from '@cs/webhook-subscriptions';
import type { WriteRequest } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';
import { Route } from '../http/route.decorator';

/** Webhook subscriptions and their delivery log: API keys of workspace admins only (docs/api.md "Subscriptions"). */
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhookRestApi) {}

  @Route(W.create)
  @UseInterceptors(WriteResultInterceptor)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.webhooks.create(request, body);
  }

  @Route(W.list)
  list(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    return this.webhooks.list(principal, query);
  }

  @Route(W.retrieve)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: RawQuery) {
    return this.webhooks.get(principal, id, query);
  }

  @Route(W.update)
  @UseInterceptors(WriteResultInterceptor)
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.webhooks.update(request, id, body);
  }

  @Route(W.remove)
  @UseInterceptors(WriteResultInterceptor)
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.webhooks.delete(request, id);
  }

  @Route(W.rotateSecret)
  @UseInterceptors(WriteResultInterceptor)
  rotateSecret(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.webhooks.rotateSecret(request, id);
  }

  @Route(W.sendTestEvent)
  @UseInterceptors(WriteResultInterceptor)
  sendTestEvent(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.webhooks.sendTestEvent(request, id);
  }

  @Route(W.recover)
  @UseInterceptors(WriteResultInterceptor)
  recover(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.webhooks.recover(request, id, body);
  }

  @Route(W.listDeliveries)
  listDeliveries(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: RawQuery) {
    return this.webhooks.listDeliveries(principal, id, query);
  }

  @Route(W.retrieveDelivery)
  getDelivery(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('delivery_id') deliveryId: string, @Query() query: RawQuery) {
    return this.webhooks.getDelivery(principal, id, deliveryId, query);
  }

  @Route(W.redeliver)
  @UseInterceptors(WriteResultInterceptor)
  redeliver(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Param('delivery_id') deliveryId: string) {
    return this.webhooks.redeliver(request, id, deliveryId);
  }
}
