import { Agent, createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpDrain } from './http-drain';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  socketPort: number;
}

/** GET through `agent`, noting the local port of the socket used (same port = same keep-alive connection). */
function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const socketPort = res.socket.localPort ?? 0;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, socketPort }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HttpDrain (closing keep-alive connections without failing a request)', () => {
  let server: Server;
  let port: number;
  let drain: HttpDrain;
  let agent: Agent;
  const held: ServerResponse[] = [];

  beforeEach(async () => {
    server = createServer((req, res) => {
      // /slow is answered by the test, so it can be in flight while the drain begins and the port closes.
      if (req.url === '/slow') held.push(res);
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    drain = new HttpDrain(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    agent = new Agent({ keepAlive: true, maxSockets: 4 });
  });

  afterEach(async () => {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    held.length = 0;
  });

  it('keeps connections alive until the drain begins, then answers with Connection: close', async () => {
    const first = await get(port, '/', agent);
    const second = await get(port, '/', agent);
    expect(first.headers.connection).toBe('keep-alive');
    expect(second.socketPort).toBe(first.socketPort);

    drain.begin();
    const during = await get(port, '/', agent);
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');
    const after = await get(port, '/', agent);
    expect(after.status).toBe(200);
    expect(after.socketPort).not.toBe(during.socketPort);
  });

  it('marks a request in flight when the drain begins, finishes it after the port closed, then resolves', async () => {
    await get(port, '/', agent); // leaves an idle keep-alive connection behind
    const slow = get(port, '/slow', agent);
    while (held.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(drain.pending).toBe(1);

    let closed = false;
    const closing = drain.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(server.listening).toBe(false);
    expect(closed).toBe(false);
    await expect(get(port, '/', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    held[0]!.writeHead(200).end('late');
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    await closing;
    expect(closed).toBe(true);
    expect(drain.pending).toBe(0);
  });
});
