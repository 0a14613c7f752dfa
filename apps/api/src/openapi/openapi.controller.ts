import { Controller, Inject } from '@nestjs/common';
import { type OpenApiDocument, SERVICE_ROUTES } from '@cs/api-routes';
import { Route } from '../http/route.decorator';
import { OPENAPI_DOCUMENT } from './openapi.provider';

@Controller()
export class OpenApiController {
  constructor(@Inject(OPENAPI_DOCUMENT) private readonly document: OpenApiDocument) {}

  @Route(SERVICE_ROUTES.openApiDocument)
  serve(): OpenApiDocument {
    return this.document;
  }
}
