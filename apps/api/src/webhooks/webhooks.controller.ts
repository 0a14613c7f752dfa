import { Controller, Delete, Get, Param, Patch, Post, Query, UseInterceptors } from '@nestjs/common';
import type { RawQuery } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { ApiKeyOnly, CurrentPrincipal } from '@cs/token-verification';
import { WebhookRestApi } from '@cs/webhook-subscriptions';
import type { WriteRequest } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';

/** Webhook subscriptions and their delivery log: API keys of workspace admins only (docs/api.md "Subscriptions"). */
@ApiKeyOnly()
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhookRestApi) {}

  @Post()
  @UseInterceptors(WriteResultInterceptor)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.webhooks.create(request, body);
  }

  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    return this.webhooks.list(principal, query);
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: RawQuery) {
    return this.webhooks.get(principal, id, query);
  }

  @Patch(':id')
  @UseInterceptors(WriteResultInterceptor)
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.webhooks.update(request, id, body);
  }

  @Delete(':id')
  @UseInterceptors(WriteResultInterceptor)
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.webhooks.delete(request, id);
  }

  @Post(':id/rotate-secret')
  @UseInterceptors(WriteResultInterceptor)
  rotateSecret(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.webhooks.rotateSecret(request, id);
  }

  @Post(':id/test')
  @UseInterceptors(WriteResultInterceptor)
  sendTestEvent(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.webhooks.sendTestEvent(request, id);
  }

  @Post(':id/recover')
  @UseInterceptors(WriteResultInterceptor)
  recover(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.webhooks.recover(request, id, body);
  }

  @Get(':id/deliveries')
  listDeliveries(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: RawQuery) {
    return this.webhooks.listDeliveries(principal, id, query);
  }

  @Get(':id/deliveries/:deliveryId')
  getDelivery(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Param('deliveryId') deliveryId: string, @Query() query: RawQuery) {
    return this.webhooks.getDelivery(principal, id, deliveryId, query);
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @UseInterceptors(WriteResultInterceptor)
  redeliver(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Param('deliveryId') deliveryId: string) {
    return this.webhooks.redeliver(request, id, deliveryId);
  }
}
