import { Controller, Get, Query } from '@nestjs/common';
import { Catalog, type RawQuery } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal, RequireScope } from '@cs/token-verification';

@Controller('api/v1/folders')
export class FoldersController {
  constructor(private readonly catalog: Catalog) {}

  @RequireScope('folders:read')
  @Get()
  list(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    return this.catalog.listFolders(principal, query);
  }
}
