import { Controller, Param, UseInterceptors } from '@nestjs/common';
import { TAG_ROUTES } from '@cs/api-routes';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';
import { Route } from '../http/route.decorator';

@UseInterceptors(WriteResultInterceptor)
@Controller()
export class TagWritesController {
  constructor(private readonly writes: Writes) {}

  @Route(TAG_ROUTES.create)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createTag(request, body);
  }

  @Route(TAG_ROUTES.update)
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.writes.updateTag(request, id, body);
  }

  @Route(TAG_ROUTES.remove)
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.deleteTag(request, id);
  }
}
