import { Controller } from '@nestjs/common';
import { ACCOUNT_ROUTES } from '@cs/api-routes';
import { Catalog } from '@cs/catalog';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { QueryOf } from '../http/query-params.pipe';
import { Route } from '../http/route.decorator';

/** Any valid credential may call /me; the email needs the `email` scope (docs/api.md "Authentication"). */
@Controller()
export class MeController {
  constructor(private readonly catalog: Catalog) {}

  @Route(ACCOUNT_ROUTES.me)
  me(@CurrentPrincipal() principal: Principal, @QueryOf(ACCOUNT_ROUTES.me) _params: unknown) {
    return this.catalog.getMe(principal);
  }
}
