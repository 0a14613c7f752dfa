import { Controller, Delete, Get, Param, Post, UseInterceptors } from '@nestjs/common';
import type { Principal } from '@cs/domain';
import { ApiKeyOnly, CurrentPrincipal } from '@cs/token-verification';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';

/** Recorder bots: part of the write API, so API keys only (reading a bot included). */
@ApiKeyOnly()
@Controller('api/v1/bots')
export class BotsController {
  constructor(private readonly writes: Writes) {}

  @Post()
  @UseInterceptors(WriteResultInterceptor)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createBot(request, body);
  }

  @Get(':id')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.writes.getBot(principal, id);
  }

  @Delete(':id')
  @UseInterceptors(WriteResultInterceptor)
  cancel(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.cancelBot(request, id);
  }
}
