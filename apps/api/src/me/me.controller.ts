import { Controller, Get } from '@nestjs/common';
import { Catalog } from '@cs/catalog';
import { NO_PARAMS } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';

/** Any valid credential may call /me; the email needs the `email` scope (docs/api.md "Authentication"). */
@Controller('api/v1/me')
export class MeController {
  constructor(private readonly catalog: Catalog) {}

  @Get()
  me(@CurrentPrincipal() principal: Principal, @QueryOf(NO_PARAMS) _params: unknown) {
    return this.catalog.getMe(principal);
  }
}
