import { readFileSync, writeFileSync } from 'node:fs';
import type { Conversation, ConversationListEntry, Folder, ListEnvelope, Me, TagCatalogEntry } from '@cs/domain';
import { newId, PROBLEM_STATUS } from '@cs/domain';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { COMMITTED_OPENAPI, REGENERATE_OPENAPI, renderCommittedOpenApi } from './committed-openapi';
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument, type Parameter, type Reference, type Response } from '@cs/api-routes';

const DOC_ID = 'https://conversation-service.test/openapi.json';

const isRef = (value: object): value is Reference => '$ref' in value;

/** Ajv over the document: `#/components/...` references resolve against the document's own components. */
function compilerFor(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword('components');
  // OpenAPI's own keyword beside JSON Schema's: which member of a oneOf a `type` value selects.
  ajv.addKeyword('discriminator');
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const rebase = (schema: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, `"${DOC_ID}#/components/`)) as JsonSchema;
  return { ajv, compile: (schema: JsonSchema) => ajv.compile(rebase(schema)) };
}

function resolve<T extends object>(doc: OpenApiDocument, value: T | Reference): T {
  if (!isRef(value)) return value;
  const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
  const target = (doc.components as unknown as Record<string, Record<string, T>>)[section ?? '']?.[name ?? ''];
  if (!target) throw new Error(`Unresolved reference ${value.$ref}`);
  return target;
}

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation! })),
  );
}

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument('http://localhost:3000');

  it('describes every read endpoint with GET and every write endpoint with the method the write API uses', () => {
    expect(doc.openapi).toBe('3.1.0');
    const methods = Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [path, Object.keys(item).sort()]));
    expect(methods).toEqual({
      '/api/v1/conversations': ['get', 'post'],
      '/api/v1/conversations/{id}': ['delete', 'get', 'patch'],
      '/api/v1/conversations/{id}/sources': ['post'],
      '/api/v1/export': ['get'],
      '/api/v1/conversations/{id}/sources/{source_id}/segments': ['get'],
      '/api/v1/conversations/{id}/tags/{tag_id}': ['delete', 'put'],
      '/api/v1/folders': ['get', 'post'],
      '/api/v1/folders/{id}': ['delete', 'patch'],
      '/api/v1/me': ['get'],
      '/api/v1/openapi.json': ['get'],
      '/api/v1/docs': ['get'],
      '/api/v1/docs/{file}': ['get'],
      '/api/v1/problems/{code}': ['get'],
      '/api/v1/tags': ['get', 'post'],
      '/api/v1/bots': ['post'],
      '/api/v1/bots/{id}': ['delete', 'get'],
      '/api/v1/recorder/events': ['post'],
      '/api/v1/recorder/recall/events': ['post'],
      '/api/v1/search': ['get'],
      '/api/v1/tags/{id}': ['delete', 'patch'],
      '/api/v1/webhooks': ['get', 'post'],
      '/api/v1/webhooks/{id}': ['delete', 'get', 'patch'],
      '/api/v1/webhooks/{id}/rotate-secret': ['post'],
      '/api/v1/webhooks/{id}/recover': ['post'],
      '/api/v1/events': ['get'],
      '/api/v1/events/latest': ['get'],
      '/api/v1/events/{id}': ['get'],
      '/api/v1/event-types': ['get'],
      '/api/v1/webhooks/{id}/test': ['post'],
      '/api/v1/webhooks/{id}/deliveries': ['get'],
      '/api/v1/webhooks/{id}/deliveries/{delivery_id}': ['get'],
      '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver': ['post'],
      '/healthz': ['get'],
      '/readyz': ['get'],
    });
  });

  it('lets only API keys write, and documents 403 api_key_required on every write', () => {
    for (const { path, method, operation } of operations(doc)) {
      // Bots and webhooks are API-key-only for reads too.
      if (method === 'get' && !path.startsWith('/api/v1/bots') && !path.startsWith('/api/v1/webhooks')) continue;
      // The recorder's callback is signed per Standard Webhooks instead of carrying a bearer token.
      if (path === '/api/v1/recorder/events' || path === '/api/v1/recorder/recall/events') continue;
      expect({ path, method, security: operation.security }).toEqual({ path, method, security: [{ bearerAuth: [] }] });
      expect({ path, method, forbidden: operation.responses['403'] }).toEqual({ path, method, forbidden: { $ref: '#/components/responses/WriteForbidden' } });
    }
  });

  it('compiles every component schema under JSON Schema 2020-12 in strict mode', () => {
    const { compile } = compilerFor(doc);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => compile({ $ref: `#/components/schemas/${name}` })).not.toThrow();
    }
  });

  it('compiles every parameter, header and response schema, and every example validates against its schema', () => {
    const { ajv, compile } = compilerFor(doc);
    const problems: string[] = [];
    for (const { path, operation } of operations(doc)) {
      for (const p of operation.parameters ?? []) {
        const parameter = resolve<Parameter>(doc, p);
        const validate = compile(parameter.schema);
        if (parameter.example !== undefined && !validate(parameter.example)) problems.push(`${path} ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
      }
      for (const [status, r] of Object.entries(operation.responses)) {
        const response = resolve<Response>(doc, r);
        for (const h of Object.values(response.headers ?? {})) compile(resolve(doc, h).schema);
        for (const [mediaType, content] of Object.entries(response.content ?? {})) {
          const validate = compile(content.schema);
          for (const [name, example] of Object.entries(content.examples ?? {})) {
            if (!validate(example.value)) problems.push(`${path} ${status} ${mediaType} ${name}: ${ajv.errorsText(validate.errors)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the request id header on every response and problem documents on every error status', () => {
    // The API reference page, its script and the export's stream are the only successes that are not JSON.
    const successTypes: Record<string, string> = {
      '/api/v1/docs': 'text/html',
      '/api/v1/docs/{file}': 'text/javascript',
      '/api/v1/export': 'application/x-ndjson',
    };
    for (const { path, operation } of operations(doc)) {
      for (const [status, r] of Object.entries(operation.responses)) {
        const response = resolve<Response>(doc, r);
        expect({ path, status, headers: Object.keys(response.headers ?? {}) }).toEqual({ path, status, headers: expect.arrayContaining(['X-Request-Id']) });
        const mediaTypes = Object.keys(response.content ?? {});
        const expected = status === '204' ? [] : [Number(status) >= 400 ? 'application/problem+json' : (successTypes[path] ?? 'application/json')];
        expect({ path, status, mediaTypes }).toEqual({ path, status, mediaTypes: expected });
      }
    }
  });

  it('requires conversations:read for conversations and tags, folders:read for folders, and any credential for /me', () => {
    const scopes = (path: string) => doc.paths[path]?.get?.security;
    expect(scopes('/api/v1/conversations')).toEqual([{ bearerAuth: [] }, { oauth2: ['conversations:read'] }]);
    expect(scopes('/api/v1/conversations/{id}')).toEqual([{ bearerAuth: [] }, { oauth2: ['conversations:read'] }]);
    expect(scopes('/api/v1/search')).toEqual([{ bearerAuth: [] }, { oauth2: ['conversations:read'] }]);
    expect(scopes('/api/v1/tags')).toEqual([{ bearerAuth: [] }, { oauth2: ['conversations:read'] }]);
    expect(scopes('/api/v1/folders')).toEqual([{ bearerAuth: [] }, { oauth2: ['folders:read'] }]);
    expect(scopes('/api/v1/me')).toEqual([{ bearerAuth: [] }, { oauth2: [] }]);
    expect(scopes('/api/v1/openapi.json')).toEqual([]);
    expect(doc.components.securitySchemes['oauth2']?.flows?.authorizationCode.tokenUrl).toBe('http://localhost:3001/api/auth/oauth2/token');
  });

  it('accepts objects typed by @cs/domain and rejects stray or missing fields', () => {
    const { compile } = compilerFor(doc);
    const at = '2026-01-31T09:00:00.000Z';
    const tag = { id: newId('tag'), name: 'Customer', color: null };
    const entry: ConversationListEntry = {
      id: newId('conversation'),
      title: null,
      created_at: at,
      updated_at: at,
      status: null,
      termination_reason: null,
      folder_id: null,
      digest: null,
      tags: [tag],
      sources: [{ id: newId('source'), type: 'document', duration_seconds: null, language: null }],
    };
    const conversation: Conversation = {
      ...entry,
      status: 'error',
      termination_reason: 'captcha_required',
      summary: null,
      action_items: [{ text: 'send the plan', owner: null, due: null, source_id: newId('source'), start_seconds: null }],
      sources: [
        {
          id: newId('source'),
          type: 'file',
          title: null,
          added_at: null,
          duration_seconds: null,
          language: null,
          meeting_url: null,
          attendees: [],
          content: null,
          participants: [],
        },
      ],
    };
    const tags: ListEnvelope<TagCatalogEntry> = { data: [{ ...tag, description: null, applied_count: 0 }], next_cursor: 'abc.def', has_more: true };
    const folders: ListEnvelope<Folder> = { data: [{ id: newId('folder'), name: 'F', parent_id: newId('folder'), created_at: at }], next_cursor: null, has_more: false };
    const me: Me = { user_id: newId('user'), email: null, workspace_id: newId('workspace'), workspace_name: 'W' };

    const valid = (name: string, value: unknown) => compile({ $ref: `#/components/schemas/${name}` })(value);
    expect(valid('ConversationPage', { data: [entry], next_cursor: null, has_more: false })).toBe(true);
    expect(valid('Conversation', conversation)).toBe(true);
    expect(valid('TagPage', tags)).toBe(true);
    expect(valid('FolderPage', folders)).toBe(true);
    expect(valid('Me', me)).toBe(true);

    expect(valid('ConversationListEntry', { ...entry, summary: 'stray' })).toBe(false);
    expect(valid('ConversationListEntry', { ...entry, sources: conversation.sources })).toBe(false);
    expect(valid('Conversation', { ...conversation, summary: undefined })).toBe(false);
    expect(valid('TagPage', { ...tags, next_cursor: null })).toBe(false);
    expect(valid('FolderPage', { ...folders, has_more: true })).toBe(false);
  });

  it('ties problem types to the public API URL and knows every problem code', () => {
    const { compile } = compilerFor(doc);
    const problem = compile({ $ref: '#/components/schemas/Problem' });
    const base = { title: 'Not found', status: 404, detail: 'No.', code: 'not_found', request_id: 'abc' };
    expect(problem({ ...base, type: 'http://localhost:3000/api/v1/problems/not_found' })).toBe(true);
    expect(problem({ ...base, type: 'http://elsewhere.test/api/v1/problems/not_found' })).toBe(false);
    expect((doc.components.schemas['Problem']?.['properties'] as Record<string, JsonSchema>)['code']?.['enum']).toEqual(Object.keys(PROBLEM_STATUS));
  });

  it('matches the committed apps/api/openapi.json', () => {
    // UPDATE_OPENAPI=1 rewrites it instead (docs/contributing.md), without building the api first.
    if (process.env['UPDATE_OPENAPI']) writeFileSync(COMMITTED_OPENAPI, renderCommittedOpenApi());
    const stale = readFileSync(COMMITTED_OPENAPI, 'utf8') !== renderCommittedOpenApi();
    if (stale) throw new Error(`apps/api/openapi.json is stale: run \`${REGENERATE_OPENAPI}\` to regenerate it, and commit it`);
  });
});
