import type { ConversationListEntry } from '@cs/domain';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { paginate } from './paginate';
import { type LocalServer, problem, sendJson, startLocalServer } from './test-support/local-server';

/** Five items served two per page; cursors are `p<offset>`; `rejections` cursors are refused with invalid_cursor. */
function pagedServer(rejections: Map<string, number>, failure: { code: string } = { code: 'invalid_cursor' }) {
  const items = ['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => ({ id }));
  return startLocalServer((req, res) => {
    const cursor = req.url.searchParams.get('cursor');
    const left = cursor ? (rejections.get(cursor) ?? 0) : 0;
    if (cursor && left > 0) {
      rejections.set(cursor, left - 1);
      return sendJson(res, 400, problem(400, failure.code), 'application/problem+json');
    }
    const offset = cursor ? Number(cursor.slice(1)) : 0;
    const limit = Number(req.url.searchParams.get('limit') ?? 2);
    const data = items.slice(offset, offset + limit);
    const more = offset + limit < items.length;
    sendJson(res, 200, { data, next_cursor: more ? `p${offset + limit}` : null, has_more: more });
  });
}

async function collect(server: LocalServer, params: { limit?: number; status?: 'all'; cursor?: string } = { limit: 2 }) {
  const client = new ApiClient({ baseUrl: server.baseUrl, token: 'sk_test' });
  const ids: string[] = [];
  for await (const item of paginate((p) => client.listConversations(p), params)) ids.push((item as ConversationListEntry).id);
  return ids;
}

describe('paginate', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('follows next_cursor until has_more is false, keeping the filters on every page', async () => {
    server = await pagedServer(new Map());
    expect(await collect(server, { limit: 2, status: 'all' })).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(server.requests.map((r) => r.url.search)).toEqual(['?limit=2&status=all', '?limit=2&status=all&cursor=p2', '?limit=2&status=all&cursor=p4']);
  });

  it('restarts from the first page on a 400 invalid_cursor and yields each item once', async () => {
    server = await pagedServer(new Map([['p4', 1]]));
    expect(await collect(server)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(server.requests.map((r) => r.url.searchParams.get('cursor'))).toEqual([null, 'p2', 'p4', null, 'p2', 'p4']);
  });

  it('restarts without the cursor the caller started from', async () => {
    server = await pagedServer(new Map([['p2', 1]]));
    expect(await collect(server, { limit: 2, cursor: 'p2' })).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(server.requests.map((r) => r.url.searchParams.get('cursor'))).toEqual(['p2', null, 'p2', 'p4']);
  });

  it('gives up after three restarts and throws the invalid_cursor error', async () => {
    server = await pagedServer(new Map([['p2', 99]]));
    const error = await collect(server).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_cursor');
    expect(server.requests.filter((r) => r.url.searchParams.get('cursor') === 'p2')).toHaveLength(4);
  });

  it('does not restart on other errors', async () => {
    server = await pagedServer(new Map([['p2', 1]]), { code: 'invalid_parameter' });
    const error = await collect(server).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe('invalid_parameter');
    expect(server.requests).toHaveLength(2);
  });
});
