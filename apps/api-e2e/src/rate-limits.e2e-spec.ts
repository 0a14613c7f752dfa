import { ApiClient } from '@cs/api-client';
import { useApiEnvironment } from './support/api-environment';
import { type ApiProcess, startApi } from './support/api-process';

const LIMITS = { RATE_LIMIT_READS_PER_MINUTE: '5', RATE_LIMIT_WRITES_PER_MINUTE: '2' };
const env = useApiEnvironment({ env: LIMITS });

describe('rate limits per credential, counted in Redis', () => {
  let replica: ApiProcess | undefined;
  afterAll(() => replica?.stop());

  it('answers reads with RateLimit-Policy and RateLimit, then 429 rate_limited with Retry-After once the quota is used', async () => {
    const { member } = await env.world();
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await member.client.request('GET', '/api/v1/me');
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"reads";q=5;w=60');
      remaining.push(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1] ?? '?');
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const refused = await member.client.request<{ code: string; status: number }>('GET', '/api/v1/me');
    expect([refused.status, refused.body.code]).toEqual([429, 'rate_limited']);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toMatch(/^"reads";r=0;t=\d+$/);
  });

  it('counts reads and writes apart, and each credential on its own', async () => {
    const { admin, member } = await env.world();
    expect((await member.client.createTag({ name: 'One' })).name).toBe('One');
    expect((await member.client.createTag({ name: 'Two' })).name).toBe('Two');
    const third = await member.client.request<{ code: string }>('POST', '/api/v1/tags', { json: { name: 'Three' } });
    expect([third.status, third.body.code, third.headers.get('ratelimit-policy')]).toEqual([429, 'rate_limited', '"writes";q=2;w=60']);
    expect((await member.client.request('GET', '/api/v1/tags')).status).toBe(200);
    expect((await admin.client.request('POST', '/api/v1/tags', { json: { name: 'Three' } })).status).toBe(201);
    // The refused write changed nothing.
    expect((await admin.client.listTags()).data.map((t) => t.name)).toEqual(['One', 'Three', 'Two']);
  });

  it('shares the counters between replicas: a second api process continues the count', async () => {
    const { member } = await env.world();
    replica = await startApi(env.db.url, LIMITS);
    const other = new ApiClient({ baseUrl: replica.baseUrl, token: member.key });
    for (let i = 0; i < 3; i++) expect((await member.client.request('GET', '/api/v1/me')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await other.request('GET', '/api/v1/me')).status).toBe(200);
    expect((await other.request('GET', '/api/v1/me')).status).toBe(429);
    expect((await member.client.request('GET', '/api/v1/me')).status).toBe(429);
  });

  it('does not limit the probes and the OpenAPI document, which need no credentials', async () => {
    for (let i = 0; i < 8; i++) {
      const response = await fetch(`${env.baseUrl}/healthz`);
      expect([response.status, response.headers.get('ratelimit')]).toEqual([200, null]);
    }
  });
});
