import { ProviderHttpClient, ProviderHttpError } from './provider-http.client';
import { retryable, retryDelayMs } from './retry-schedule';

const policy = { attempts: 4, backoffMs: 1_000, maxDelayMs: 30_000 };
const now = new Date('2026-11-24T12:00:00Z');

describe('the retry schedule of calls to a provider', () => {
  it('doubles the backoff per failed attempt, up to the ceiling', () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, null, policy, now))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
  });

  it('honours Retry-After in seconds or as an HTTP date, within the ceiling; ignores a malformed one', () => {
    expect(retryDelayMs(1, '7', policy, now)).toBe(7_000);
    expect(retryDelayMs(3, '0', policy, now)).toBe(0);
    expect(retryDelayMs(1, 'Tue, 24 Nov 2026 12:00:12 GMT', policy, now)).toBe(12_000);
    expect(retryDelayMs(1, 'Tue, 24 Nov 2026 11:00:00 GMT', policy, now)).toBe(0);
    expect(retryDelayMs(1, '3600', policy, now)).toBe(30_000);
    expect(retryDelayMs(2, 'soon', policy, now)).toBe(2_000);
  });

  it('retries 429, 409 and 5xx only', () => {
    expect([200, 201, 204, 400, 401, 404, 405, 409, 429, 500, 502, 503, 507].filter(retryable)).toEqual([409, 429, 500, 502, 503, 507]);
  });
});

describe('ProviderHttpClient (with an injected clock and sleep)', () => {
  const answers = (list: Array<[number, Record<string, string>?]>) => {
    const calls: string[] = [];
    const fetch = (async (url: string) => {
      calls.push(url);
      const [status, headers] = list.shift() ?? [200];
      return new Response(status === 204 ? null : JSON.stringify({ status }), { status, headers });
    }) as unknown as typeof globalThis.fetch;
    return { calls, fetch };
  };

  it('waits what Retry-After asks between 429s, then returns the success', async () => {
    const slept: number[] = [];
    const { calls, fetch } = answers([[429, { 'retry-after': '2' }], [503], [429, { 'retry-after': '1' }], [201]]);
    const client = new ProviderHttpClient({ policy, timeoutMs: 1_000, fetch, now: () => now, sleep: async (ms) => void slept.push(ms) });
    expect(await client.request('POST', 'https://us-east-1.recall.ai/api/v1/bot/')).toEqual({ status: 201, body: { status: 201 } });
    expect(calls).toHaveLength(4);
    expect(slept).toEqual([2_000, 2_000, 1_000]);
  });

  it('gives up after the last attempt with the provider\'s status, and returns other errors at once', async () => {
    const slept: number[] = [];
    const storm = answers([[429], [429], [429], [429], [201]]);
    const client = new ProviderHttpClient({ policy, timeoutMs: 1_000, fetch: storm.fetch, now: () => now, sleep: async (ms) => void slept.push(ms) });
    await expect(client.request('GET', 'https://x.test/a')).rejects.toEqual(expect.objectContaining({ status: 429 }));
    expect(storm.calls).toHaveLength(4);
    expect(slept).toEqual([1_000, 2_000, 4_000]);
    const refused = answers([[400]]);
    const once = new ProviderHttpClient({ policy, timeoutMs: 1_000, fetch: refused.fetch, sleep: async () => undefined });
    expect(await once.request('GET', 'https://x.test/a')).toEqual({ status: 400, body: { status: 400 } });
    expect(refused.calls).toHaveLength(1);
  });

  it('retries a network error like a 5xx', async () => {
    let n = 0;
    const fetch = (async () => {
      if (n++ === 0) throw new TypeError('fetch failed');
      return new Response('{}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const client = new ProviderHttpClient({ policy, timeoutMs: 1_000, fetch, sleep: async () => undefined });
    expect((await client.request('GET', 'https://x.test/a')).status).toBe(200);
    const down = new ProviderHttpClient({ policy: { ...policy, attempts: 2 }, timeoutMs: 1_000, fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof globalThis.fetch, sleep: async () => undefined });
    await expect(down.request('GET', 'https://x.test/a')).rejects.toBeInstanceOf(ProviderHttpError);
  });
});
