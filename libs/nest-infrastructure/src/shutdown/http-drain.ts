import type { Server, ServerResponse } from 'node:http';

/**
 * Ends an HTTP server's keep-alive connections without failing a request. Once begun, every response not yet
 * sent says `Connection: close` (so clients open their next request elsewhere instead of reusing a socket that
 * is about to go); close() then stops accepting, closes idle connections at once and waits for the requests in
 * flight, each connection closing after its last answer.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;
  private closing = false;

  constructor(private readonly server: Server) {
    // Prepended, so it runs before the framework's handler can send anything.
    server.prependListener('request', (_req, res: ServerResponse) => {
      this.inFlight.add(res);
      if (this.draining) res.setHeader('Connection', 'close');
      res.once('close', () => {
        this.inFlight.delete(res);
        // A response that had started before draining leaves a keep-alive socket behind once it ends.
        if (this.closing) server.closeIdleConnections();
      });
    });
  }

  /** Requests being answered right now. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Keeps serving, but no connection is kept alive past its current answer. */
  begin(): void {
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  /** Stops accepting and resolves once every connection has closed (requests in flight answered). */
  close(): Promise<void> {
    this.begin();
    this.closing = true;
    return new Promise((resolve) => {
      if (!this.server.listening) return resolve();
      // Node's close() also closes the idle keep-alive connections (Node ≥ 19).
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }
}
