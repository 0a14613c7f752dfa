import { Controller, Get, Param, Query } from '@nestjs/common';
import { Catalog, type RawQuery } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';

@Controller('api/v1/conversations')
export class ConversationsController {
  constructor(private readonly catalog: Catalog) {}

  @RequireScope('conversations:read')
  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    return this.catalog.listConversations(principal, query);
  }

  @RequireScope('conversations:read')
  @Get(':id')
  retrieve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: RawQuery) {
    return this.catalog.getConversation(principal, id, query);
  }
}
