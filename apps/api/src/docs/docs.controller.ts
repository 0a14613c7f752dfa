import { Controller, Get, Param, Res } from '@nestjs/common';
import { Public } from '@cs/token-verification';
import type { Response } from 'express';
import { API_REFERENCE_PATH } from '../openapi/openapi.paths';
import { ApiReference, type FixedReply } from './api-reference';

/** Express's send answers 304 on its own when If-None-Match names the ETag. */
const send = (res: Response, reply: FixedReply): void => void res.set(reply.headers).send(reply.body);

/** The API reference, public like the document it renders. */
@Controller(API_REFERENCE_PATH)
export class DocsController {
  constructor(private readonly reference: ApiReference) {}

  @Public()
  @Get()
  page(@Res() res: Response): void {
    send(res, this.reference.page);
  }

  @Public()
  @Get(':file')
  script(@Param('file') file: string, @Res() res: Response): void {
    send(res, this.reference.scriptNamed(file));
  }
}
