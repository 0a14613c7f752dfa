import { Controller, Get } from '@nestjs/common';
import { Catalog } from '@cs/catalog';
import { PAGE_PARAMS, type PageParams, type Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';

@Controller('api/v1/tags')
export class TagsController {
  constructor(private readonly catalog: Catalog) {}

  @RequireScope('conversations:read')
  @Get()
  list(@CurrentPrincipal() principal: Principal, @QueryOf(PAGE_PARAMS) params: Params<PageParams>) {
    return this.catalog.listTags(principal, params);
  }
}
