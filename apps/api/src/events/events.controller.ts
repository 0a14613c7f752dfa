import { Controller, Param } from '@nestjs/common';
import { EVENT_ROUTES } from '@cs/api-routes';
import { Catalog, EVENT_TYPE_LIST, type ListEventsParams } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import type { Params } from '@cs/paging';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';

/** The events feed (docs/api.md "Events feed") and the event catalog. */
@Controller()
export class EventsController {
  constructor(private readonly catalog: Catalog) {}

  @Route(EVENT_ROUTES.list)
  list(@CurrentPrincipal() principal: Principal, @QueryOf(EVENT_ROUTES.list) params: Params<ListEventsParams>) {
    return this.catalog.listEvents(principal, params);
  }

  // Declared before events/:id, which would take "latest" for an id.
  @Route(EVENT_ROUTES.latest)
  latest(@CurrentPrincipal() principal: Principal, @QueryOf(EVENT_ROUTES.latest) _params: unknown) {
    return this.catalog.latestEvent(principal);
  }

  @Route(EVENT_ROUTES.retrieve)
  retrieve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @QueryOf(EVENT_ROUTES.retrieve) _params: unknown) {
    return this.catalog.getEvent(principal, id);
  }

  @Route(EVENT_ROUTES.types)
  types(@QueryOf(EVENT_ROUTES.types) _params: unknown) {
    return EVENT_TYPE_LIST;
  }
}
