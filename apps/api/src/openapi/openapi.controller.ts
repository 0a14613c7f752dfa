import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@cs/token-verification';
import { OPENAPI_DOCUMENT_PATH } from './openapi.paths';
import { OPENAPI_DOCUMENT } from './openapi.provider';
import type { OpenApiDocument } from './openapi.types';

@Controller()
export class OpenApiController {
  constructor(@Inject(OPENAPI_DOCUMENT) private readonly document: OpenApiDocument) {}

  @Public()
  @Get(OPENAPI_DOCUMENT_PATH)
  serve(): OpenApiDocument {
    return this.document;
  }
}
