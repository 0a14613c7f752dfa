import type { Provider } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { buildOpenApiDocument } from '@cs/api-routes';

/** The document of this deployment, built once at start-up: served as JSON and named by the API reference page. */
export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');

export const openApiDocumentProvider: Provider = {
  provide: OPENAPI_DOCUMENT,
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig) => buildOpenApiDocument(config.PUBLIC_API_URL, config.PUBLIC_AUTH_URL),
};
