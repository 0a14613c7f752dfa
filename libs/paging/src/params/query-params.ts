import { type InvalidParam, invalidParameters } from '@cs/domain';
import { z } from 'zod/v4';

/** A raw query string as Express's simple parser gives it: repeated keys become arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** A JSON Schema 2020-12 object, as OpenAPI 3.1 and MCP carry it; its keywords are open-ended. */
export type JsonSchema = { [keyword: string]: unknown };

/** Validated, typed parameters, with the names the request actually carried (a cursor's filters may be repeated, never changed). */
export interface Params<T> {
  readonly values: T;
  readonly given: ReadonlySet<string>;
}

type JsonType = 'string' | 'integer' | 'boolean' | 'array';

/** Reasons for a JSON argument of the wrong type; a query string has no types, so only JSON callers (MCP) get these. */
const TYPE_REASONS: Record<JsonType, string> = {
  string: 'must be a string',
  integer: 'must be an integer',
  boolean: 'must be true or false',
  array: 'must be an array of strings',
};

/** The schema as JSON Schema: as a caller sends it (`input`: defaults make a field optional) or as an answer carries it. */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return jsonSchema;
}

/**
 * The parameters of one operation, written once as a zod schema: it validates, it types what the Catalog receives,
 * and its JSON Schema is what OpenAPI and MCP publish. Both transports go through here, so a query string and a
 * tool call get the same rules and the same reasons (RFC 9457 invalid_params, every problem in one answer).
 */
export class QueryParams<S extends z.ZodObject> {
  readonly jsonSchema: JsonSchema;
  private readonly types = new Map<string, JsonType>();
  private readonly required: readonly string[];

  constructor(readonly schema: S) {
    this.jsonSchema = toJsonSchema(schema);
    const properties = (this.jsonSchema['properties'] ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties)) this.types.set(name, property['type'] as JsonType);
    this.required = (this.jsonSchema['required'] ?? []) as string[];
  }

  /** The JSON Schema of one parameter (OpenAPI's parameter objects carry it). */
  property(name: keyof z.output<S> & string): JsonSchema {
    const property = (this.jsonSchema['properties'] as Record<string, JsonSchema>)[name];
    if (property === undefined) throw new Error(`No parameter ${name}`);
    return property;
  }

  /**
   * A query string: each value a string, a repeated key an array. Integers are decimal digits only and booleans
   * exactly true or false; anything else is left as it came, for the schema to refuse with the parameter's reason.
   */
  fromQueryString(query: RawQuery): Params<z.output<S>> {
    const problems = new Map<string, string>();
    const input: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      const type = this.types.get(name);
      if (type === undefined) problems.set(name, 'unknown parameter');
      else if (type === 'array') input[name] = Array.isArray(value) ? value : [value];
      else if (Array.isArray(value)) problems.set(name, 'must be given at most once');
      else if (value === '') problems.set(name, 'must not be empty');
      else input[name] = type === 'integer' && /^[0-9]+$/.test(value) ? Number(value) : type === 'boolean' ? fromBooleanText(value) : value;
    }
    return this.validate(input, problems);
  }

  /**
   * JSON arguments (MCP tool calls): values keep their JSON types. A null counts as "not given": models often send
   * null for an optional parameter they mean to leave out. A lone string stands for a one-element list.
   */
  fromJson(args: Record<string, unknown> | undefined): Params<z.output<S>> {
    const problems = new Map<string, string>();
    const input: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(args ?? {})) {
      if (value === null || value === undefined) continue;
      const type = this.types.get(name);
      if (type === undefined) problems.set(name, 'unknown parameter');
      else if (type === 'array' && typeof value === 'string') input[name] = [value];
      else if (!hasJsonType(value, type)) problems.set(name, TYPE_REASONS[type]);
      else if (value === '') problems.set(name, 'must not be empty');
      else input[name] = value;
    }
    for (const name of this.required) if (!(name in input) && !problems.has(name)) problems.set(name, 'is required');
    return this.validate(input, problems);
  }

  private validate(input: Record<string, unknown>, problems: Map<string, string>): Params<z.output<S>> {
    const result = this.schema.safeParse(input);
    if (!result.success) {
      // One reason per parameter; a problem with the parameter itself (e.g. too many values) before one of its values.
      const issues = [...result.error.issues].sort((a, b) => a.path.length - b.path.length);
      for (const issue of issues) {
        const name = String(issue.path[0]);
        if (!problems.has(name)) problems.set(name, issue.message);
      }
    }
    if (problems.size > 0) throw invalidParameters(this.inOrder(problems));
    return { values: result.data as z.output<S>, given: new Set(Object.keys(input)) };
  }

  /** Unknown names first, as the request gave them, then the schema's own in the schema's order. */
  private inOrder(problems: Map<string, string>): InvalidParam[] {
    const own = [...this.types.keys()];
    const unknown = [...problems.keys()].filter((name) => !this.types.has(name));
    return [...unknown, ...own.filter((name) => problems.has(name))].map((name) => ({ name, reason: problems.get(name)! }));
  }
}

function fromBooleanText(value: string): boolean | string {
  return value === 'true' ? true : value === 'false' ? false : value;
}

function hasJsonType(value: unknown, type: JsonType): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return typeof value === type;
}
