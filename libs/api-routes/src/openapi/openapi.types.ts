import type { JsonSchema } from '@cs/paging';

export type { JsonSchema };

/** The subset of OpenAPI 3.1 this service's document uses. Schemas are JSON Schema 2020-12 objects. */

export interface Reference {
  $ref: string;
}

export interface MediaType {
  schema: JsonSchema;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
}

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  description: string;
  required?: boolean;
  style?: 'form' | 'simple';
  explode?: boolean;
  schema: JsonSchema;
  example?: unknown;
}

export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: SecurityRequirement[];
  parameters?: (Parameter | Reference)[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaType> };
  responses: Record<string, Response | Reference>;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface SecurityScheme {
  type: 'http' | 'oauth2';
  description: string;
  scheme?: string;
  bearerFormat?: string;
  flows?: {
    authorizationCode: {
      authorizationUrl: string;
      tokenUrl: string;
      refreshUrl?: string;
      scopes: Record<string, string>;
    };
  };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string; license: { name: string; identifier: string } };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  security: SecurityRequirement[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, Parameter>;
    headers: Record<string, Header>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}
