import { connect, type Socket } from 'node:net';
import { metricsUrlOf } from '@cs/testing';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment({ env: { MAX_IN_FLIGHT_REQUESTS: '2' } });

/** A write whose body never completes: the api has taken it (it waits for the body) and holds its slot. */
async function heldWrite(key: string): Promise<Socket> {
  const { hostname, port } = new URL(env.baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/v1/tags HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{"name":`,
  );
  return socket;
}

const inFlight = async (): Promise<number> => {
  const metrics = await (await fetch(metricsUrlOf(env.baseUrl))).text();
  return Number(/^conversation_service_http_requests_in_flight\{[^}]*\} (\d+)/m.exec(metrics)?.[1]);
};

async function untilInFlight(done: (n: number) => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done(await inFlight()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Holds `count` writes open once the api is idle, and waits until it has taken them all (they fill its slots). */
async function holdWrites(key: string, count: number): Promise<Socket[]> {
  await untilInFlight((n) => n === 0);
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) sockets.push(await heldWrite(key));
  await untilInFlight((n) => n >= count);
  return sockets;
}

/** Asks until the answer has the wanted status (a slot frees once the api sees the end); the last answer. */
async function untilStatus(ask: () => Promise<{ status: number }>, status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await ask();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('load shedding: at most MAX_IN_FLIGHT_REQUESTS requests in flight per replica', () => {
  const held: Socket[] = [];
  afterEach(() => held.splice(0).forEach((s) => s.destroy()));

  it('answers a request beyond the limit at once with 429 rate_limited, Retry-After: 1, and a problem document', async () => {
    const { member } = await env.world();
    held.push(...(await holdWrites(member.key, 2)));
    const refused = await member.client.request<{ code: string; status: number; request_id: string; type: string }>('GET', '/api/v1/me');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited', type: expect.stringMatching(/\/api\/v1\/problems\/rate_limited$/) });
    expect(refused.body.request_id).toBe(refused.headers.get('x-request-id'));
  });

  it('keeps answering the probes and the metrics scrape while full, and counts what it shed', async () => {
    const { member } = await env.world();
    held.push(...(await holdWrites(member.key, 2)));
    expect((await member.client.request('GET', '/api/v1/me')).status).toBe(429);
    expect((await fetch(`${env.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${env.baseUrl}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(metricsUrlOf(env.baseUrl))).text();
    expect(Number(/^conversation_service_http_requests_shed_total\{[^}]*\} (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('frees a slot when a request ends, also when its client goes away before the answer', async () => {
    const { member } = await env.world();
    const [first, second] = (await holdWrites(member.key, 2)) as [Socket, Socket];
    held.push(first, second);
    expect((await member.client.request('GET', '/api/v1/me')).status).toBe(429);
    first.destroy();
    expect((await untilStatus(() => member.client.request('GET', '/api/v1/me'), 200)).status).toBe(200);
    // The other one completes its body: answered (201), its slot freed too, and nothing was lost.
    const answer = new Promise<string>((resolve) => {
      let got = '';
      second.on('data', (chunk: Buffer) => {
        got += chunk.toString('latin1');
        if (got.includes('\r\n')) resolve(got);
      });
    });
    second.write(`"Held"}${' '.repeat(64 - '{"name":"Held"}'.length)}`);
    expect(await answer).toMatch(/^HTTP\/1\.1 201 /);
    expect((await untilStatus(() => member.client.request('GET', '/api/v1/tags'), 200)).status).toBe(200);
    const tags = await member.client.listTags();
    expect(tags.data.map((t) => t.name)).toContain('Held');
  });
});
