import { NO_PARAMS, PAGE_PARAMS } from '@cs/paging';
import { invalidParamsOf } from '@cs/testing';
import { LIST_CONVERSATIONS_PARAMS } from '../conversations/conversation-filters';
import { GET_CONVERSATION_ARGS } from '../conversations/get-conversation.query';
import { LIST_FOLDERS_PARAMS } from '../folders/list-folders.query';


const conversations = (query: Record<string, string | string[]>) => LIST_CONVERSATIONS_PARAMS.fromQueryString(query);

describe('query string parameters (spec "Pagination" and "GET /api/v1/conversations")', () => {
  it('defaults limit to 25, status to ready and recursive to true', () => {
    expect(conversations({}).values).toEqual({ limit: 25, status: 'ready', recursive: true });
    expect(conversations({}).given.size).toBe(0);
  });

  it.each(['0', '101', 'abc', '1.5', '-1', ' 5', '+5', '1e1'])('refuses limit=%s (1 to 100) rather than fixing it', (limit) => {
    expect(invalidParamsOf(() => PAGE_PARAMS.fromQueryString({ limit }))).toEqual([{ name: 'limit', reason: 'must be an integer from 1 to 100' }]);
  });

  it('accepts limit 1, 100 and 025, as numbers', () => {
    expect(PAGE_PARAMS.fromQueryString({ limit: '1' }).values.limit).toBe(1);
    expect(PAGE_PARAMS.fromQueryString({ limit: '100' }).values.limit).toBe(100);
    expect(PAGE_PARAMS.fromQueryString({ limit: '025' }).values.limit).toBe(25);
  });

  it('refuses an unknown parameter, naming it', () => {
    expect(invalidParamsOf(() => conversations({ colour: 'red' }))).toContainEqual({ name: 'colour', reason: 'unknown parameter' });
    expect(invalidParamsOf(() => NO_PARAMS.fromQueryString({ limit: '10' }))).toEqual([{ name: 'limit', reason: 'unknown parameter' }]);
  });

  it('refuses status=done and accepts all', () => {
    expect(conversations({ status: 'all' }).values.status).toBe('all');
    expect(invalidParamsOf(() => conversations({ status: 'done' }))).toEqual([{ name: 'status', reason: 'must be one of ready, pending, error, all' }]);
  });

  it.each(['yesterday', '2026-01-01', '2026-01-01T10:00:00', '2026-13-01T00:00:00Z', '2026-01-01T25:00:00Z'])(
    'refuses created_after=%s (an RFC 3339 date-time with a time zone is required)',
    (value) => {
      expect(invalidParamsOf(() => conversations({ created_after: value }))[0]?.name).toBe('created_after');
    },
  );

  it('accepts created_after with Z or an offset, keeping sub-millisecond precision as given', () => {
    expect(conversations({ created_after: '2026-01-01T10:00:00.123456+02:00' }).values.created_after).toBe('2026-01-01T10:00:00.123456+02:00');
  });

  it('refuses recursive=maybe; accepts true and false only', () => {
    expect(conversations({ recursive: 'false' }).values.recursive).toBe(false);
    expect(invalidParamsOf(() => conversations({ recursive: 'maybe' }))[0]).toEqual({ name: 'recursive', reason: 'must be true or false' });
  });

  it('collects repeated tag_id values (any of), de-duplicated', () => {
    expect(conversations({ tag_id: ['tag_b', 'tag_a', 'tag_b'] }).values.tag_id).toEqual(['tag_a', 'tag_b']);
    expect(conversations({ tag_id: 'tag_a' }).values.tag_id).toEqual(['tag_a']);
  });

  it('refuses more than 20 tag_id values, and an empty one', () => {
    const tags = Array.from({ length: 21 }, (_, i) => `tag_${i}`);
    expect(invalidParamsOf(() => conversations({ tag_id: tags }))).toEqual([{ name: 'tag_id', reason: 'may be repeated at most 20 times' }]);
    expect(invalidParamsOf(() => conversations({ tag_id: '' }))).toEqual([{ name: 'tag_id', reason: 'values must be non-empty ids' }]);
  });

  it('refuses a scalar parameter given twice and an empty value', () => {
    expect(invalidParamsOf(() => conversations({ status: ['ready', 'error'], folder_id: '' }))).toEqual([
      { name: 'status', reason: 'must be given at most once' },
      { name: 'folder_id', reason: 'must not be empty' },
    ]);
  });

  it('refuses a cursor or folder id longer than any it issues', () => {
    expect(invalidParamsOf(() => LIST_FOLDERS_PARAMS.fromQueryString({ folder_id: 'f'.repeat(201) }))).toEqual([
      { name: 'folder_id', reason: 'must be at most 200 characters' },
    ]);
    expect(invalidParamsOf(() => PAGE_PARAMS.fromQueryString({ cursor: 'c'.repeat(4097) }))).toEqual([{ name: 'cursor', reason: 'must be at most 4096 characters' }]);
  });

  it('reports every bad parameter in one answer: unknown names first, then in the order the schema declares them', () => {
    expect(invalidParamsOf(() => conversations({ limit: '0', x: '1', status: 'done', recursive: 'maybe', folder_id: '' })).map((p) => p.name)).toEqual([
      'x',
      'status',
      'folder_id',
      'recursive',
      'limit',
    ]);
  });

  it('names the parameters the request carried, so a cursor can tell a repeated filter from a default', () => {
    expect([...conversations({ recursive: 'true', limit: '5' }).given].sort()).toEqual(['limit', 'recursive']);
  });
});

describe('JSON arguments (MCP tool calls): the same schema, numbers as numbers', () => {
  it('takes typed values as they are', () => {
    expect(LIST_FOLDERS_PARAMS.fromJson({ limit: 5, cursor: 'abc', recursive: false }).values).toEqual({ limit: 5, cursor: 'abc', recursive: false });
  });

  it('treats null and absent arguments as not given', () => {
    expect(LIST_FOLDERS_PARAMS.fromJson({ limit: null, cursor: undefined }).given.size).toBe(0);
    expect(LIST_FOLDERS_PARAMS.fromJson(undefined).values).toEqual({ limit: 25, recursive: true });
  });

  it('refuses unknown names as REST does', () => {
    expect(invalidParamsOf(() => NO_PARAMS.fromJson({ colour: 'red', depth: { a: 1 } }))).toEqual([
      { name: 'colour', reason: 'unknown parameter' },
      { name: 'depth', reason: 'unknown parameter' },
    ]);
  });

  it('refuses wrong JSON types with invalid_parameter, naming every one', () => {
    expect(invalidParamsOf(() => LIST_FOLDERS_PARAMS.fromJson({ limit: '5', recursive: 'yes', cursor: 7 }))).toEqual([
      { name: 'recursive', reason: 'must be true or false' },
      { name: 'limit', reason: 'must be an integer' },
      { name: 'cursor', reason: 'must be a string' },
    ]);
  });

  it('refuses a fractional limit as a type error, and an out-of-range one with the range', () => {
    expect(invalidParamsOf(() => PAGE_PARAMS.fromJson({ limit: 2.5 }))).toEqual([{ name: 'limit', reason: 'must be an integer' }]);
    expect(invalidParamsOf(() => PAGE_PARAMS.fromJson({ limit: 1000 }))).toEqual([{ name: 'limit', reason: 'must be an integer from 1 to 100' }]);
  });

  it('takes tag_id as a list of strings, or one string', () => {
    expect(LIST_CONVERSATIONS_PARAMS.fromJson({ tag_id: ['tag_b', 'tag_a'] }).values.tag_id).toEqual(['tag_a', 'tag_b']);
    expect(LIST_CONVERSATIONS_PARAMS.fromJson({ tag_id: 'tag_a' }).values.tag_id).toEqual(['tag_a']);
    expect(invalidParamsOf(() => LIST_CONVERSATIONS_PARAMS.fromJson({ tag_id: [1] }))).toEqual([{ name: 'tag_id', reason: 'must be an array of strings' }]);
  });
});

describe('get-conversation arguments: the id is required, a non-empty string', () => {
  it.each([
    [{}, 'is required'],
    [{ id: null }, 'is required'],
    [{ id: 42 }, 'must be a string'],
    [{ id: '' }, 'must not be empty'],
  ])('%j: %s', (args, reason) => {
    expect(invalidParamsOf(() => GET_CONVERSATION_ARGS.fromJson(args))).toEqual([{ name: 'id', reason }]);
  });

  it('passes the id through, and refuses anything else', () => {
    expect(GET_CONVERSATION_ARGS.fromJson({ id: 'conv_1' }).values).toEqual({ id: 'conv_1' });
    expect(invalidParamsOf(() => GET_CONVERSATION_ARGS.fromJson({ id: 'conv_1', full: true }))).toEqual([{ name: 'full', reason: 'unknown parameter' }]);
  });
});

describe('the JSON Schema both OpenAPI and MCP publish', () => {
  it('carries the rules the validator applies', () => {
    expect(LIST_CONVERSATIONS_PARAMS.jsonSchema).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        q: { type: 'string', minLength: 1, maxLength: 500, description: expect.stringContaining('websearch syntax') },
        status: { type: 'string', enum: ['ready', 'pending', 'error', 'all'], default: 'ready' },
        created_after: { type: 'string', format: 'date-time' },
        updated_after: { type: 'string', format: 'date-time' },
        folder_id: { type: 'string', minLength: 1, maxLength: 200 },
        recursive: { type: 'boolean', default: true },
        tag_id: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, minItems: 1, maxItems: 20 },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        cursor: { type: 'string', minLength: 1, maxLength: 4096 },
      },
    });
  });
});
