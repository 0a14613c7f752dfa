import { Controller, Get, Param } from '@nestjs/common';
import { Catalog, EVENT_TYPE_LIST, LIST_EVENTS_PARAMS, type ListEventsParams } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { NO_PARAMS, type Params } from '@cs/paging';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';

/** The events feed (docs/api.md "Events feed") and the event catalog. */
@Controller('api/v1')
export class EventsController {
  constructor(private readonly catalog: Catalog) {}

  @RequireScope('conversations:read')
  @Get('events')
  list(@CurrentPrincipal() principal: Principal, @QueryOf(LIST_EVENTS_PARAMS) params: Params<ListEventsParams>) {
    return this.catalog.listEvents(principal, params);
  }

  // Declared before events/:id, which would take "latest" for an id.
  @RequireScope('conversations:read')
  @Get('events/latest')
  latest(@CurrentPrincipal() principal: Principal, @QueryOf(NO_PARAMS) _params: unknown) {
    return this.catalog.latestEvent(principal);
  }

  @RequireScope('conversations:read')
  @Get('events/:id')
  retrieve(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @QueryOf(NO_PARAMS) _params: unknown) {
    return this.catalog.getEvent(principal, id);
  }

  @RequireScope('conversations:read')
  @Get('event-types')
  types(@QueryOf(NO_PARAMS) _params: unknown) {
    return EVENT_TYPE_LIST;
  }
}
