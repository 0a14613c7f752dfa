import { Controller } from '@nestjs/common';
import { SEARCH_ROUTES } from '@cs/api-routes';
import type { Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { Search, type SearchParams } from '@cs/search';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';

@Controller()
export class SearchController {
  constructor(private readonly searchService: Search) {}

  @Route(SEARCH_ROUTES.search)
  search(@CurrentPrincipal() principal: Principal, @QueryOf(SEARCH_ROUTES.search) params: Params<SearchParams>) {
    return this.searchService.search(principal, params);
  }
}
