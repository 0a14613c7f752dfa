import { Controller } from '@nestjs/common';
import { FOLDER_ROUTES } from '@cs/api-routes';
import { Catalog, type ListFoldersParams } from '@cs/catalog';
import { type Params } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';

@Controller()
export class FoldersController {
  constructor(private readonly catalog: Catalog) {}

  @Route(FOLDER_ROUTES.list)
  list(@CurrentPrincipal() principal: Principal, @QueryOf(FOLDER_ROUTES.list) params: Params<ListFoldersParams>) {
    return this.catalog.listFolders(principal, params);
  }
}
