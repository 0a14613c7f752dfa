import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics } from '../metrics/metrics';
import { inFlightLimit } from './in-flight-limit';

/** A real HTTP server behind the limit whose handler answers a request only when told to. */
async function limitedServer(max: number, headers?: Record<string, string>) {
  const pending: Array<() => void> = [];
  const limit = inFlightLimit({ max, publicApiUrl: 'https://api.example.test', metrics: new Metrics('test'), headers });
  const server: Server = createServer((req, res) => limit(req, res, () => pending.push(() => res.end('ok'))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, pending, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function get(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('inFlightLimit (load shedding, real HTTP)', () => {
  it('refuses the request beyond the limit with 429 rate_limited and Retry-After: 1, plus the headers it was given', async () => {
    const { server, pending, url } = await limitedServer(1, { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After' });
    try {
      const first = get(`${url}/slow`);
      await until(() => pending.length === 1);
      const refused = await get(`${url}/other`);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.headers['content-type']).toBe('application/problem+json');
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      expect(refused.headers['access-control-expose-headers']).toBe('Retry-After');
      expect(JSON.parse(refused.body)).toMatchObject({ status: 429, code: 'rate_limited' });
      // Probes are never refused.
      const probe = get(`${url}/readyz`);
      await until(() => pending.length === 2);
      pending.splice(0).forEach((answer) => answer());
      expect((await first).status).toBe(200);
      expect((await probe).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('adds no headers of its own beyond the problem document\'s when given none', async () => {
    const { server, pending, url } = await limitedServer(1);
    try {
      const first = get(url);
      await until(() => pending.length === 1);
      const refused = await get(url);
      expect(refused.status).toBe(429);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      pending.splice(0).forEach((answer) => answer());
      await first;
    } finally {
      server.close();
    }
  });
});
