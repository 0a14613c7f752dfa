import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SERVICE_ROUTES } from '@cs/api-routes';
import { Route } from '../http/route.decorator';
import { ApiReference, type FixedReply } from './api-reference';

/** Express's send answers 304 on its own when If-None-Match names the ETag. */
const send = (res: Response, reply: FixedReply): void => void res.set(reply.headers).send(reply.body);

/** The API reference, public like the document it renders. */
@Controller()
export class DocsController {
  constructor(private readonly reference: ApiReference) {}

  @Route(SERVICE_ROUTES.apiReference)
  page(@Res() res: Response): void {
    send(res, this.reference.page);
  }

  @Route(SERVICE_ROUTES.apiReferenceScript)
  script(@Param('file') file: string, @Res() res: Response): void {
    send(res, this.reference.scriptNamed(file));
  }
}
