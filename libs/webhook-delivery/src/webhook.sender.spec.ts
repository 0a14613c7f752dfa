import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebhookSender } from './webhook.sender';

/** A local endpoint that answers through `handle`, counting the connections it accepted. */
async function endpoint(handle: (req: IncomingMessage, res: ServerResponse, requestOnConnection: number) => void): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const perSocket = new Map<Socket, number>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const n = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, n);
    req.resume();
    req.on('end', () => handle(req, res, n));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const webhook = (url: string) => ({ url, headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, body: '{}' });

describe('WebhookSender on kept-alive connections', () => {
  it('sends again on a new connection when the endpoint closed the kept-alive one as the request went out', async () => {
    // The second request on a connection finds it closed (as when the endpoint's idle timeout ends just then).
    const target = await endpoint((req, res, n) => (n === 1 ? res.writeHead(204).end() : req.socket.destroy()));
    const sender = new WebhookSender({ allowPrivateTargets: true, requireHttps: false });
    try {
      expect(await sender.send(webhook(target.url))).toMatchObject({ ok: true, status: 204 });
      expect(await sender.send(webhook(target.url))).toMatchObject({ ok: true, status: 204 });
      expect(target.connections()).toBe(2);
    } finally {
      sender.close();
      await target.close();
    }
  });

  it('does not send again when a new connection is reset: that is the endpoint failing', async () => {
    let requests = 0;
    const target = await endpoint((req) => {
      requests++;
      req.socket.destroy();
    });
    const sender = new WebhookSender({ allowPrivateTargets: true, requireHttps: false });
    try {
      expect(await sender.send(webhook(target.url))).toMatchObject({ ok: false, status: null, errorKind: 'network' });
      expect(requests).toBe(1);
    } finally {
      sender.close();
      await target.close();
    }
  });
});
