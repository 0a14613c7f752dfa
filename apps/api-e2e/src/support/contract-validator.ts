import type { ApiExchange } from '@cs/api-client';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

interface ResponseObject {
  headers?: Record<string, Json>;
  content?: Record<string, { schema: Json }>;
}

const DOC_ID = 'https://conversation-service.test/served-openapi.json';

const NDJSON = 'application/x-ndjson';

/** The values of an NDJSON body; a line that is not JSON stays text, so it fails its schema. */
const ndjsonValues = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return line;
      }
    });

const mediaTypeOf = (contentType: string | null): string | null => contentType?.split(';')[0]?.trim().toLowerCase() || null;

/**
 * Checks exchanges against the OpenAPI document the running api serves: the operation (path template and
 * method) and the status must be documented, required headers present and valid, the content type documented
 * and the body valid against its schema. A path the document does not have must answer as
 * `components.responses.NotFound` says (spec: an unknown route is a 404 problem).
 */
export class ContractValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly violations: string[] = [];

  constructor(readonly document: Json) {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: DOC_ID, components: document['components'] });
  }

  static async load(baseUrl: string): Promise<ContractValidator> {
    const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.status}`);
    return new ContractValidator((await response.json()) as Json);
  }

  /** Records what is wrong with this exchange, if anything. */
  record(exchange: ApiExchange): void {
    for (const problem of this.check(exchange)) {
      this.violations.push(`${exchange.method} ${exchange.url} → ${exchange.status}: ${problem}`);
    }
  }

  /** The violations recorded since the last call. */
  take(): string[] {
    return this.violations.splice(0);
  }

  check(exchange: ApiExchange): string[] {
    const paths = this.document['paths'] as Record<string, Record<string, Json>>;
    const item = paths[exchange.path];
    if (!item) {
      if (exchange.status !== 404) return [`undocumented path ${exchange.path} must answer 404, not ${exchange.status}`];
      return this.checkResponse(exchange, `undocumented ${exchange.path}`, this.resolve({ $ref: '#/components/responses/NotFound' }));
    }
    // HEAD is GET without a body (RFC 9110 §9.3.2): documented as the GET.
    const operation = item[exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase()];
    if (!operation) return [`${exchange.method} ${exchange.path} is not documented`];
    const responses = operation['responses'] as Record<string, Json>;
    const status = String(exchange.status);
    const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses['default'];
    if (!documented) return [`status ${status} is not documented for ${exchange.method} ${exchange.path} (documented: ${Object.keys(responses).join(', ')})`];
    return this.checkResponse(exchange, `${exchange.method} ${exchange.path} ${status}`, this.resolve(documented));
  }

  /** The schema the document gives a component, for assertions outside an exchange. */
  validatorFor(schemaName: string): ValidateFunction {
    return this.compile(`schema ${schemaName}`, { $ref: `#/components/schemas/${schemaName}` });
  }

  private checkResponse(exchange: ApiExchange, key: string, response: ResponseObject): string[] {
    const problems: string[] = [];
    for (const [name, h] of Object.entries(response.headers ?? {})) {
      const header = this.resolve(h) as { required?: boolean; schema?: Json };
      const value = exchange.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`missing required header ${name}`);
        continue;
      }
      if (header.schema) {
        const validate = this.compile(`${key} header ${name}`, header.schema);
        const typed = header.schema['type'] === 'integer' && /^[0-9]+$/.test(value) ? Number(value) : value;
        if (!validate(typed)) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`);
      }
    }
    const content = response.content ?? {};
    if (Object.keys(content).length === 0) return problems;
    const mediaType = mediaTypeOf(exchange.headers.get('content-type'));
    const media = mediaType === null ? undefined : content[mediaType];
    if (!media) {
      problems.push(`content type ${mediaType} is not documented (documented: ${Object.keys(content).join(', ')})`);
      return problems;
    }
    if (exchange.method === 'HEAD') return problems;
    const validate = this.compile(`${key} ${mediaType}`, media.schema);
    // NDJSON (the export): the schema is each line's.
    const values = mediaType === NDJSON ? ndjsonValues(String(exchange.body)) : [exchange.body];
    for (const [i, value] of values.entries()) {
      if (validate(value)) continue;
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
      problems.push(`${mediaType === NDJSON ? `line ${i + 1}` : 'body'} does not match the schema: ${errors.join('; ')}`);
    }
    return problems;
  }

  private resolve(value: Json): Json {
    const ref = value['$ref'];
    if (typeof ref !== 'string') return value;
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
    if (typeof target !== 'object' || target === null) throw new Error(`Unresolved reference ${ref}`);
    return this.resolve(target as Json);
  }

  private compile(key: string, schema: Json): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      const rebased = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`)) as Json;
      validate = this.ajv.compile(rebased);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
