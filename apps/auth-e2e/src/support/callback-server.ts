import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The third-party app's redirect URI: a plain node:http server on 127.0.0.1 that records every request the
 * browser makes to it. A test asserts both what arrives here and that nothing arrives (open-redirect checks).
 */
export interface CallbackServer {
  /** `http://127.0.0.1:<port>/callback`, the URI registered for the test clients. */
  readonly redirectUri: string;
  readonly origin: string;
  /** Every URL requested so far, oldest first. */
  readonly hits: readonly URL[];
  close(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
  const hits: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    hits.push(url);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('<!doctype html><title>Acme Notes Sync</title><p>Connected. You can close this window.</p>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    redirectUri: `${origin}/callback`,
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
