import { Body, Controller, Param, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { CONVERSATION_ROUTES } from '@cs/api-routes';
import { type WriteRequest, Writes } from '@cs/writes';
import type { Request } from 'express';
import { JsonBody, WriteRequestOf } from '../http/write-request.decorator';
import { WriteResultInterceptor } from '../http/write-result.interceptor';
import { Route } from '../http/route.decorator';
import { readUpload, type UploadedFile as File, UPLOAD_LIMITS } from './source-upload';

/** POST /conversations/{id}/sources: a JSON source, or a multipart upload with a `file` part. */
@UseInterceptors(WriteResultInterceptor)
@Controller()
export class SourcesController {
  constructor(private readonly writes: Writes) {}

  @Route(CONVERSATION_ROUTES.addSource)
  @UseInterceptors(FileInterceptor('file', { limits: UPLOAD_LIMITS }))
  add(@WriteRequestOf() request: WriteRequest, @Param('id') id: string, @Req() req: Request, @UploadedFile() file: File | undefined, @Body() fields: unknown) {
    if (req.is('multipart/form-data')) {
      const { upload, fingerprint } = readUpload(file, (fields ?? {}) as Record<string, unknown>);
      return this.writes.uploadSource(request, id, upload, fingerprint);
    }
    return this.writes.addSource(request, id, JsonBody.read(req));
  }
}
