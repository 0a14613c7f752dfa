import { Controller, Param, UseInterceptors } from '@nestjs/common';
import { CONVERSATION_ROUTES } from '@cs/api-routes';
import { type WriteRequest, Writes } from '@cs/writes';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';
import { Route } from '../http/route.decorator';

@UseInterceptors(WriteResultInterceptor)
@Controller()
export class ConversationWritesController {
  constructor(private readonly writes: Writes) {}

  @Route(CONVERSATION_ROUTES.create)
  create(@WriteRequestOf() request: WriteRequest, @JsonBody() body: unknown) {
    return this.writes.createConversation(request, body);
  }

  @Route(CONVERSATION_ROUTES.update)
  update(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @JsonBody() body: unknown) {
    return this.writes.updateConversation(request, id, body);
  }

  @Route(CONVERSATION_ROUTES.remove)
  remove(@WriteRequestOf() request: WriteRequest, @Param('id') id: string) {
    return this.writes.deleteConversation(request, id);
  }

  @Route(CONVERSATION_ROUTES.applyTag)
  applyTag(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Param('tag_id') tagId: string) {
    return this.writes.applyTag(request, id, tagId);
  }

  @Route(CONVERSATION_ROUTES.removeTag)
  removeTag(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Param('tag_id') tagId: string) {
    return this.writes.removeTag(request, id, tagId);
  }
}
