import { Controller, Param, UseInterceptors } from '@nestjs/common';
import { FOLDER_ROUTES } from '@cs/api-routes';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';
import { Route } from '../http/route.decorator';

@UseInterceptors(WriteResultInterceptor)
@Controller()
export class FolderWritesController {
  constructor(private readonly writes: Writes) {}

  @Route(FOLDER_ROUTES.create)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createFolder(request, body);
  }

  @Route(FOLDER_ROUTES.update)
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.writes.updateFolder(request, id, body);
  }

  @Route(FOLDER_ROUTES.remove)
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.deleteFolder(request, id);
  }
}
