import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Meaningful for one connection only (RFC 9110 §7.6.1), so a proxy never passes them on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const endToEnd = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));

export interface BearerProxyOptions {
  /** Where requests go (origin only; the path and query are the client's). Read per request: the stack's port is chosen later. */
  upstream: () => string;
  /** The access token each request carries; null forwards the request without one. */
  token: () => string | null;
}

/**
 * A reverse proxy on 127.0.0.1 for a client that cannot send a bearer token (the conformance suite): it sets
 * `Authorization: Bearer <token>` and passes everything else through as the client sent it, Host and Origin
 * included, so the server judges the client's own headers. Bodies are piped both ways, so an SSE answer reaches
 * the client event by event.
 */
export class BearerProxy {
  private server: Server | undefined;

  constructor(private readonly options: BearerProxyOptions) {}

  async listen(): Promise<void> {
    const server = createServer((incoming, outgoing) => this.forward(incoming, outgoing));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    this.server = server;
  }

  /** `http://localhost:<port>`: a localhost name, as the suite's DNS-rebinding scenario requires of the URL it is given. */
  get origin(): string {
    if (!this.server) throw new Error('The proxy is not listening yet');
    return `http://localhost:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const upstream = new URL(this.options.upstream());
    const token = this.options.token();
    const headers = endToEnd(incoming.headers);
    delete headers.authorization;
    if (token) headers.authorization = `Bearer ${token}`;
    const proxied = request(
      { protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
        // An SSE stream may stay silent a while after its headers; the client must see them now.
        outgoing.flushHeaders();
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', (error) => {
      if (outgoing.headersSent) outgoing.destroy(error);
      else outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(`bearer proxy: ${error.message}`);
    });
    // A client that goes away mid-stream (the suite cancels SSE readers) must not leave the upstream request open.
    outgoing.on('close', () => proxied.destroy());
    incoming.pipe(proxied);
  }
}
