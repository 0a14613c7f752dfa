import { Controller, Delete, Param, Patch, Post, UseInterceptors } from '@nestjs/common';
import { ApiKeyOnly } from '@cs/token-verification';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';

@ApiKeyOnly()
@UseInterceptors(WriteResultInterceptor)
@Controller('api/v1/folders')
export class FolderWritesController {
  constructor(private readonly writes: Writes) {}

  @Post()
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createFolder(request, body);
  }

  @Patch(':id')
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.writes.updateFolder(request, id, body);
  }

  @Delete(':id')
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.deleteFolder(request, id);
  }
}
