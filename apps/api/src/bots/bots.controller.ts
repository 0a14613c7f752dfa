import { Controller, Param, UseInterceptors } from '@nestjs/common';
import { BOT_ROUTES } from '@cs/api-routes';
import type { Principal } from '@cs/domain';
import { CurrentPrincipal } from '@cs/token-verification';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';
import { Route } from '../http/route.decorator';

/** Recorder bots: part of the write API, so API keys only (reading a bot included). */
@Controller()
export class BotsController {
  constructor(private readonly writes: Writes) {}

  @Route(BOT_ROUTES.create)
  @UseInterceptors(WriteResultInterceptor)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createBot(request, body);
  }

  @Route(BOT_ROUTES.retrieve)
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.writes.getBot(principal, id);
  }

  @Route(BOT_ROUTES.cancel)
  @UseInterceptors(WriteResultInterceptor)
  cancel(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.cancelBot(request, id);
  }
}
