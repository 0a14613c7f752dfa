import { Controller, Get, Query } from '@nestjs/common';
import { Catalog, type RawQuery } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';

/** Any valid credential may call /me; the email needs the `email` scope (docs/api.md "Authentication"). */
@Controller('api/v1/me')
export class MeController {
  constructor(private readonly catalog: Catalog) {}

  @Get()
  me(@CurrentPrincipal() principal: Principal, @Query() query: RawQuery) {
    return this.catalog.getMe(principal, query);
  }
}
