import { Controller } from '@nestjs/common';
import { TAG_ROUTES } from '@cs/api-routes';
import { Catalog } from '@cs/catalog';
import type { PageParams, Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';

@Controller()
export class TagsController {
  constructor(private readonly catalog: Catalog) {}

  @Route(TAG_ROUTES.list)
  list(@CurrentPrincipal() principal: Principal, @QueryOf(TAG_ROUTES.list) params: Params<PageParams>) {
    return this.catalog.listTags(principal, params);
  }
}
