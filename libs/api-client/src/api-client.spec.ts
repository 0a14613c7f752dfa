import { ApiClient, type ApiExchange } from './api-client';
import { ApiError } from './api-error';
import { type LocalServer, problem, sendJson, startLocalServer } from './test-support/local-server';

describe('ApiClient', () => {
  let server: LocalServer;
  const exchanges: ApiExchange[] = [];

  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (req.url.pathname === '/api/v1/conversations/conv_missing') return sendJson(res, 404, problem(404, 'not_found'), 'application/problem+json');
      if (req.headers.authorization === 'Bearer sk_behind_broken_proxy') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      }
      sendJson(res, 200, { path: req.url.pathname, query: req.url.search, authorization: req.headers.authorization ?? null, marker: req.headers['x-marker'] ?? null });
    });
  });
  afterAll(() => server.close());
  beforeEach(() => exchanges.splice(0));

  const client = () => new ApiClient({ baseUrl: `${server.baseUrl}/`, token: 'sk_test', onResponse: (e) => exchanges.push(e) });

  it('sends the token as a bearer credential and encodes list parameters, repeating tag_id', async () => {
    const body = (await client().listConversations({ status: 'all', tag_id: ['tag_a', 'tag_b'], recursive: false, limit: 5 })) as unknown;
    expect(body).toEqual({
      path: '/api/v1/conversations',
      query: '?status=all&tag_id=tag_a&tag_id=tag_b&recursive=false&limit=5',
      authorization: 'Bearer sk_test',
      marker: null,
    });
  });

  it('reports every exchange with the OpenAPI path template, the URL, the status, the headers and the parsed body', async () => {
    await client().getConversation('conv_1');
    expect(exchanges).toHaveLength(1);
    const [exchange] = exchanges;
    expect(exchange).toMatchObject({
      method: 'GET',
      path: '/api/v1/conversations/{id}',
      url: `${server.baseUrl}/api/v1/conversations/conv_1`,
      status: 200,
      body: { path: '/api/v1/conversations/conv_1' },
    });
    expect(exchange?.headers.get('x-request-id')).toBe('req_test');
  });

  it('throws an ApiError carrying the problem document on a non-2xx answer', async () => {
    const error = await client().getConversation('conv_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', requestId: 'req_test', problem: { code: 'not_found', status: 404 } });
  });

  it('throws an ApiError without a problem when the body is not a problem document', async () => {
    const error = await client().withToken('sk_behind_broken_proxy').me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, problem: null, code: null, body: '<h1>Bad gateway</h1>', message: 'HTTP 502' });
  });

  it('answers raw requests as they are, with extra headers, and can drop the Authorization header', async () => {
    const withMarker = await client().request('GET', '/api/v1/me', { headers: { 'X-Marker': 'm1' }, query: { limit: 'abc' } });
    expect(withMarker.body).toMatchObject({ query: '?limit=abc', marker: 'm1', authorization: 'Bearer sk_test' });
    const anonymous = await client().request('GET', '/api/v1/me', { headers: { Authorization: null } });
    expect(anonymous.body).toMatchObject({ authorization: null });
    const missing = await client().request('GET', '/api/v1/conversations/{id}', { pathParams: { id: 'conv_missing' } });
    expect(missing.status).toBe(404);
  });

  it('switches credentials with withToken', async () => {
    const body = (await client().withToken('sk_other').me()) as unknown;
    expect(body).toMatchObject({ path: '/api/v1/me', authorization: 'Bearer sk_other' });
    const none = (await client().withToken(undefined).me()) as unknown;
    expect(none).toMatchObject({ authorization: null });
  });
});
