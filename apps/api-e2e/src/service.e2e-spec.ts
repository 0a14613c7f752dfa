import type { Problem } from '@cs/api-client';
import { newId } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

const GENERATED_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

describe('the OpenAPI document and problem types', () => {
  it('serves its OpenAPI 3.1 document at /api/v1/openapi.json, addressed at PUBLIC_API_URL', async () => {
    const response = await env.client().request<{ openapi: string; servers: { url: string }[]; paths: Record<string, unknown> }>('GET', '/api/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.servers[0]?.url).toBe(env.baseUrl);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/conversations', '/api/v1/conversations/{id}', '/api/v1/tags', '/api/v1/folders', '/api/v1/me']),
    );
  });

  it('makes every problem type URL dereferenceable: GET type answers { code, status, title, description }', async () => {
    const { member } = await env.world();
    const problem = (await member.client.request<Problem>('GET', '/api/v1/conversations/{id}', { pathParams: { id: newId('conversation') } })).body;
    expect(problem.type).toBe(`${env.baseUrl}/api/v1/problems/not_found`);
    const described = await env.client().request('GET', '/api/v1/problems/{code}', { pathParams: { code: 'not_found' } });
    expect(described.status).toBe(200);
    expect(described.body).toEqual({ code: 'not_found', status: 404, title: problem.title, description: expect.any(String) });
    for (const [code, status] of [['invalid_parameter', 400], ['invalid_cursor', 400], ['invalid_token', 401], ['insufficient_scope', 403], ['rate_limited', 429], ['internal_error', 500]] as const) {
      expect((await env.client().request('GET', '/api/v1/problems/{code}', { pathParams: { code } })).body).toMatchObject({ code, status });
    }
    const unknown = await env.client().request<Problem>('GET', '/api/v1/problems/{code}', { pathParams: { code: 'no_such_problem' } });
    expect(unknown.status).toBe(404);
  });
});

describe('request ids', () => {
  it('echoes a valid incoming X-Request-Id on success and in the problem of a failure', async () => {
    const { member } = await env.world();
    const ok = await member.client.request('GET', '/api/v1/me', { headers: { 'X-Request-Id': 'trace-123.abc_DEF' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-123.abc_DEF');
    const failed = await member.client.request<Problem>('GET', '/api/v1/conversations/{id}', {
      pathParams: { id: 'nope' },
      headers: { 'X-Request-Id': 'trace-404' },
    });
    expect(failed.headers.get('x-request-id')).toBe('trace-404');
    expect(failed.body.request_id).toBe('trace-404');
  });

  it('replaces an unsafe or overlong X-Request-Id with a generated one, used in the problem too', async () => {
    for (const unsafe of ['has space', 'semi;colon', 'x'.repeat(129), '']) {
      const response = await env.client().request<Problem>('GET', '/api/v1/me', { headers: { 'X-Request-Id': unsafe } });
      const id = response.headers.get('x-request-id');
      expect(id).not.toBe(unsafe);
      expect(id).toMatch(GENERATED_REQUEST_ID);
      expect(response.body.request_id).toBe(id);
    }
  });

  it('generates a different request id for each request without one', async () => {
    const a = await env.client().request('GET', '/healthz');
    const b = await env.client().request('GET', '/healthz');
    expect(a.headers.get('x-request-id')).toMatch(GENERATED_REQUEST_ID);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });
});

describe('unknown routes', () => {
  it('answer a 404 not_found problem, with or without credentials', async () => {
    const { member } = await env.world();
    for (const client of [member.client, env.client()]) {
      for (const path of ['/api/v1/nope', '/api/v2/conversations', '/api/v1/conversations/a/b', '/nope']) {
        const response = await client.request<Problem>('GET', path);
        expect({ path, status: response.status, type: response.headers.get('content-type') }).toEqual({
          path,
          status: 404,
          type: expect.stringMatching(/^application\/problem\+json/),
        });
        expect(response.body).toMatchObject({ status: 404, code: 'not_found', request_id: response.headers.get('x-request-id') });
      }
    }
  });
});

describe('probes', () => {
  it('GET /healthz answers 200 and GET /readyz answers 200 when Postgres and Redis are reachable', async () => {
    expect((await env.client().request('GET', '/healthz')).status).toBe(200);
    expect((await env.client().request('GET', '/readyz')).status).toBe(200);
  });
});

describe('the contract check itself', () => {
  it('flags a stray field, an undocumented status, an undocumented content type and a missing X-Request-Id', async () => {
    const { member } = await env.world();
    const real = await member.client.request('GET', '/api/v1/me');
    const exchange = { method: 'GET' as const, path: '/api/v1/me', url: real.url, status: 200, headers: real.headers, body: real.body };
    expect(env.validator.check(exchange)).toEqual([]);
    expect(env.validator.check({ ...exchange, body: { ...(real.body as object), stray: 1 } })).toEqual([expect.stringContaining('additional properties')]);
    expect(env.validator.check({ ...exchange, status: 418 })).toEqual([expect.stringContaining('not documented')]);
    const textHeaders = new Headers({ 'content-type': 'text/plain', 'x-request-id': 'req_1' });
    expect(env.validator.check({ ...exchange, headers: textHeaders })).toEqual([expect.stringContaining('content type text/plain')]);
    const noRequestId = new Headers({ 'content-type': 'application/json' });
    expect(env.validator.check({ ...exchange, headers: noRequestId })).toEqual([expect.stringContaining('X-Request-Id')]);
  });
});
