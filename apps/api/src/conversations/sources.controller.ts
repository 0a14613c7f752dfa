import { Controller, Param, Post, UseInterceptors } from '@nestjs/common';
import { ApiKeyOnly } from '@cs/token-verification';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';

@ApiKeyOnly()
@UseInterceptors(WriteResultInterceptor)
@Controller('api/v1/conversations/:id/sources')
export class SourcesController {
  constructor(private readonly writes: Writes) {}

  @Post()
  add(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.writes.addSource(request, id, body);
  }
}
