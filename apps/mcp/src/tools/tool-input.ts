import type { JsonSchema, QueryParams } from '@cs/paging';
import type { z } from 'zod/v4';

/**
 * A tool's inputSchema: the JSON Schema of the catalog's own parameter schema (so types, bounds, enums and defaults
 * are the REST API's), with every parameter described for a model.
 */
export function toolInput<S extends z.ZodObject>(params: QueryParams<S>, descriptions: Record<keyof z.input<S> & string, string>): JsonSchema {
  const properties = params.jsonSchema['properties'] as Record<string, JsonSchema>;
  const described = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, { ...schema, description: (descriptions as Record<string, string>)[name] }]),
  );
  return { ...params.jsonSchema, properties: described };
}
