import type { Problem, QueryParams } from '@cs/api-client';
import { type Actor, useApiEnvironment, type World } from './support/api-environment';

const env = useApiEnvironment();

const LISTS = ['/api/v1/conversations', '/api/v1/tags', '/api/v1/folders'] as const;

let world: World;
let folderId: string;

beforeAll(async () => {
  world = await env.world();
  folderId = (await env.fixtures.folder(world.admin)).id;
  await env.fixtures.conversation(world.admin, { folderId });
});

async function expectInvalid(actor: Actor, path: string, query: QueryParams, name: string): Promise<Problem> {
  const response = await actor.client.request<Problem>('GET', path, { query });
  expect({ path, query, status: response.status, code: response.body.code }).toEqual({ path, query, status: 400, code: 'invalid_parameter' });
  expect(response.body.invalid_params).toEqual(expect.arrayContaining([expect.objectContaining({ name, reason: expect.any(String) })]));
  expect(response.body.request_id).toBe(response.headers.get('x-request-id'));
  return response.body;
}

async function expectOk(actor: Actor, path: string, query: QueryParams): Promise<void> {
  const response = await actor.client.request('GET', path, { query });
  expect({ path, query, status: response.status }).toEqual({ path, query, status: 200 });
}

describe('query validation on every list endpoint', () => {
  it.each(LISTS)('%s: limit must be an integer from 1 to 100 (0, 101, abc, 2.5, -1, +5, empty are 400)', async (path) => {
    for (const limit of ['0', '101', 'abc', '2.5', '-1', '+5', ' 5', '1e1', '']) await expectInvalid(world.member, path, { limit }, 'limit');
    for (const limit of ['1', '100', '025']) await expectOk(world.member, path, { limit });
  });

  it.each(LISTS)('%s: an unknown parameter is 400 naming it', async (path) => {
    await expectInvalid(world.member, path, { colour: 'red' }, 'colour');
    await expectInvalid(world.member, path, { offset: '10' }, 'offset');
  });

  it.each(LISTS)('%s: limit or cursor given twice is 400', async (path) => {
    await expectInvalid(world.member, path, { limit: ['10', '20'] }, 'limit');
    await expectInvalid(world.member, path, { cursor: ['a', 'b'] }, 'cursor');
  });

  it.each(LISTS)('%s: an empty cursor is 400', async (path) => {
    const response = await world.member.client.request<Problem>('GET', path, { query: { cursor: '' } });
    expect(response.status).toBe(400);
    expect(['invalid_parameter', 'invalid_cursor']).toContain(response.body.code);
  });

  it('lists every rejected parameter of one request in invalid_params', async () => {
    const problem = await expectInvalid(world.member, '/api/v1/conversations', { limit: '0', status: 'done', recursive: 'maybe' }, 'limit');
    expect(problem.invalid_params?.map((p) => p.name).sort()).toEqual(['limit', 'recursive', 'status']);
  });
});

describe('GET /api/v1/conversations parameters', () => {
  const path = '/api/v1/conversations';

  it('status must be ready, pending, error or all, once', async () => {
    await expectInvalid(world.member, path, { status: 'done' }, 'status');
    await expectInvalid(world.member, path, { status: 'READY' }, 'status');
    await expectInvalid(world.member, path, { status: '' }, 'status');
    await expectInvalid(world.member, path, { status: ['ready', 'all'] }, 'status');
    for (const status of ['ready', 'pending', 'error', 'all']) await expectOk(world.member, path, { status });
  });

  it('created_after must be an RFC 3339 date-time with a time zone ("yesterday", a bare date or a local time are 400)', async () => {
    for (const created_after of ['yesterday', '2026-01-10', '2026-01-10T12:00:00', '2026-13-01T00:00:00Z', '1736510400', '']) {
      await expectInvalid(world.member, path, { created_after }, 'created_after');
    }
    for (const created_after of ['2026-01-10T12:00:00Z', '2026-01-10T12:00:00.123Z', '2026-01-10T12:00:00+02:00', '2026-01-10T12:00:00-05:30']) {
      await expectOk(world.member, path, { created_after });
    }
  });

  it('recursive must be exactly true or false (maybe, 1, yes, TRUE are 400)', async () => {
    for (const recursive of ['maybe', '1', 'yes', 'TRUE', '']) await expectInvalid(world.member, path, { folder_id: folderId, recursive }, 'recursive');
    await expectInvalid(world.member, path, { folder_id: folderId, recursive: ['true', 'false'] }, 'recursive');
  });

  it('folder_id must not be empty or repeated', async () => {
    await expectInvalid(world.member, path, { folder_id: '' }, 'folder_id');
    await expectInvalid(world.member, path, { folder_id: [folderId, folderId] }, 'folder_id');
  });

  it('tag_id may be repeated up to 20 times; 21 is 400, and so is an empty tag_id', async () => {
    const tags = [];
    for (let i = 0; i < 21; i++) tags.push((await env.fixtures.tag(world.workspace)).id);
    await expectOk(world.member, path, { tag_id: tags.slice(0, 20) });
    await expectInvalid(world.member, path, { tag_id: tags }, 'tag_id');
    await expectInvalid(world.member, path, { tag_id: '' }, 'tag_id');
  });
});

describe('GET /api/v1/folders, /api/v1/tags and /api/v1/me parameters', () => {
  it('folders: recursive must be exactly true or false, folder_id not empty', async () => {
    await expectInvalid(world.member, '/api/v1/folders', { folder_id: folderId, recursive: 'maybe' }, 'recursive');
    await expectInvalid(world.member, '/api/v1/folders', { folder_id: '' }, 'folder_id');
    await expectOk(world.member, '/api/v1/folders', { recursive: 'false' });
  });

  it('tags: only limit and cursor are accepted', async () => {
    for (const name of ['folder_id', 'status', 'tag_id', 'recursive']) await expectInvalid(world.member, '/api/v1/tags', { [name]: 'x' }, name);
  });

  it('me: any parameter is 400', async () => {
    await expectInvalid(world.member, '/api/v1/me', { limit: '10' }, 'limit');
    await expectInvalid(world.member, '/api/v1/me', { fields: 'email' }, 'fields');
  });
});
