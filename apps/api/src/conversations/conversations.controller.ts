import { Controller, Get, Param } from '@nestjs/common';
import { Catalog, LIST_CONVERSATIONS_PARAMS, type ListConversationsParams } from '@cs/catalog';
import { NO_PARAMS, type Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';

@Controller('api/v1/conversations')
export class ConversationsController {
  constructor(private readonly catalog: Catalog) {}

  @RequireScope('conversations:read')
  @Get()
  list(@CurrentPrincipal() principal: Principal, @QueryOf(LIST_CONVERSATIONS_PARAMS) params: Params<ListConversationsParams>) {
    return this.catalog.listConversations(principal, params);
  }

  @RequireScope('conversations:read')
  @Get(':id')
  retrieve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @QueryOf(NO_PARAMS) _params: unknown) {
    return this.catalog.getConversation(principal, id);
  }
}
