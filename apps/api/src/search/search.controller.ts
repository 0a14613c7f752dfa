import { Controller, Get } from '@nestjs/common';
import type { Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { Search, SEARCH_PARAMS, type SearchParams } from '@cs/search';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';

@Controller('api/v1/search')
export class SearchController {
  constructor(private readonly searchService: Search) {}

  @RequireScope('conversations:read')
  @Get()
  search(@CurrentPrincipal() principal: Principal, @QueryOf(SEARCH_PARAMS) params: Params<SearchParams>) {
    return this.searchService.search(principal, params);
  }
}
