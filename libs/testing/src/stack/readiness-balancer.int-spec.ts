import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReadinessBalancer } from './readiness-balancer';
import { sleep } from '../e2e/polling';

/** A backend that names itself in every answer and whose /readyz the test switches. */
async function backend(name: string): Promise<{ origin: string; server: Server; setReady(ready: boolean): void }> {
  let ready = true;
  const server = createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(ready ? 200 : 503).end();
    // A replica dying mid-request: the connection drops without an answer.
    if (req.url === '/crash') return void req.socket.destroy();
    res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, setReady: (r) => (ready = r) };
}

describe('ReadinessBalancer (a Kubernetes Service in front of replicas, for the scaling proof)', () => {
  const POLL_MS = 50;
  let balancer: ReadinessBalancer;
  let servers: Server[];

  beforeEach(async () => {
    balancer = new ReadinessBalancer({ pollIntervalMs: POLL_MS, failureThreshold: 2 });
    await balancer.start();
    servers = [];
  });
  afterEach(async () => {
    await balancer.close();
    for (const s of servers) s.closeAllConnections();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  const names = async (n: number) => {
    const got: string[] = [];
    for (let i = 0; i < n; i++) got.push(await (await fetch(balancer.url)).text());
    return got;
  };

  it('answers 503 while no backend is ready, then alternates between the ready ones', async () => {
    expect((await fetch(balancer.url)).status).toBe(503);
    const [a, b] = [await backend('a'), await backend('b')];
    servers.push(a.server, b.server);
    balancer.add(a.origin);
    balancer.add(b.origin);
    await balancer.waitUntilRouted(a.origin);
    await balancer.waitUntilRouted(b.origin);
    expect((await names(4)).sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(balancer.counts()).toMatchObject({ noBackend: 1, upstreamErrors: 0 });
  });

  it('stops routing to a backend after two polls of its /readyz answered 503, and routes to it again when it recovers', async () => {
    const [a, b] = [await backend('a'), await backend('b')];
    servers.push(a.server, b.server);
    balancer.add(a.origin);
    balancer.add(b.origin);
    await balancer.waitUntilRouted(b.origin);
    a.setReady(false);
    for (let i = 0; i < 200 && balancer.readyBackends().includes(a.origin); i++) await sleep(POLL_MS / 2);
    expect(balancer.readyBackends()).toEqual([b.origin]);
    expect(await names(3)).toEqual(['b', 'b', 'b']);
    a.setReady(true);
    await balancer.waitUntilRouted(a.origin);
    expect(await names(2)).toContain('a');
  });

  it('does not retry a request its backend failed: the client sees a 502', async () => {
    const a = await backend('a');
    servers.push(a.server);
    balancer.add(a.origin);
    await balancer.waitUntilRouted(a.origin);
    const answer = await fetch(`${balancer.url}/crash`);
    expect(answer.status).toBe(502);
    expect(balancer.counts()).toMatchObject({ upstreamErrors: 1, routed: { [a.origin]: 1 } });
  });
});
