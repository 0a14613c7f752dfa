import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@cs/token-verification';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { buildOpenApiDocument } from './openapi.document';
import type { OpenApiDocument } from './openapi.types';

@Controller('api/v1')
export class OpenApiController {
  private readonly document: OpenApiDocument;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.document = buildOpenApiDocument(config.PUBLIC_API_URL, config.PUBLIC_AUTH_URL);
  }

  @Public()
  @Get('openapi.json')
  serve(): OpenApiDocument {
    return this.document;
  }
}
