import { Controller, Get } from '@nestjs/common';
import { Catalog, LIST_FOLDERS_PARAMS, type ListFoldersParams } from '@cs/catalog';
import { type Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';

@Controller('api/v1/folders')
export class FoldersController {
  constructor(private readonly catalog: Catalog) {}

  @RequireScope('folders:read')
  @Get()
  list(@CurrentPrincipal() principal: Principal, @QueryOf(LIST_FOLDERS_PARAMS) params: Params<ListFoldersParams>) {
    return this.catalog.listFolders(principal, params);
  }
}
