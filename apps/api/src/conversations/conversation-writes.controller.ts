import { Controller, Delete, Param, Patch, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiKeyOnly } from '@cs/token-verification';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';

@ApiKeyOnly()
@UseInterceptors(WriteResultInterceptor)
@Controller('api/v1/conversations')
export class ConversationWritesController {
  constructor(private readonly writes: Writes) {}

  @Post()
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createConversation(request, body);
  }

  @Patch(':id')
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.writes.updateConversation(request, id, body);
  }

  @Delete(':id')
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.deleteConversation(request, id);
  }

  @Put(':id/tags/:tagId')
  applyTag(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Param('tagId') tagId: string) {
    return this.writes.applyTag(request, id, tagId);
  }

  @Delete(':id/tags/:tagId')
  removeTag(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Param('tagId') tagId: string) {
    return this.writes.removeTag(request, id, tagId);
  }
}
