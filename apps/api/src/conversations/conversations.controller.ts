import { Controller, Param } from '@nestjs/common';
import { CONVERSATION_ROUTES } from '@cs/api-routes';
import { Catalog, type ListConversationsParams, type ListSegmentsParams } from '@cs/catalog';
import type { Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';

@Controller()
export class ConversationsController {
  constructor(private readonly catalog: Catalog) {}

  @Route(CONVERSATION_ROUTES.list)
  list(@CurrentPrincipal() principal: Principal, @QueryOf(CONVERSATION_ROUTES.list) params: Params<ListConversationsParams>) {
    return this.catalog.listConversations(principal, params);
  }

  @Route(CONVERSATION_ROUTES.retrieve)
  retrieve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @QueryOf(CONVERSATION_ROUTES.retrieve) _params: unknown) {
    return this.catalog.getConversation(principal, id);
  }

  @Route(CONVERSATION_ROUTES.segments)
  segments(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('source_id') sourceId: string,
    @QueryOf(CONVERSATION_ROUTES.segments) params: Params<ListSegmentsParams>,
  ) {
    return this.catalog.listSegments(principal, id, sourceId, params);
  }
}
