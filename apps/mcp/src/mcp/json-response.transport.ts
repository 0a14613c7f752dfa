import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK Server's side of one stateless Streamable HTTP POST answered with a JSON body (no SSE stream): the
 * POST's message goes to the server, and the answer to a request comes back as the resolution of exchange().
 *
 * Used instead of the SDK's WebStandardStreamableHTTPServerTransport, which for the same work converts every
 * exchange to a Web Request and Response and tests each message against several zod schemas whose failures
 * build ZodErrors (stack traces included): about a quarter of the server's CPU per tool call (`npm run bench --
 * mcp`, tools/bench/README.md). The HTTP rules of the transport are checked in streamable-http-post.ts.
 */
export class JsonResponseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  private awaited: RequestId | undefined;
  private settle: ((answer: JSONRPCMessage | undefined) => void) | null = null;

  async start(): Promise<void> {
    // Nothing to open: the HTTP exchange is already there.
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** Hands the POST's message to the server; resolves with the answer to a request, or nothing for a notification or response. */
  exchange(message: JSONRPCMessage): Promise<JSONRPCMessage | undefined> {
    this.awaited = isRequest(message) ? message.id : undefined;
    const answered = new Promise<JSONRPCMessage | undefined>((resolve) => {
      this.settle = resolve;
    });
    // The SDK's Protocol sorts each incoming message with zod type guards; for a request, the response guards
    // fail first, and each failure builds a ZodError (an Error) that is dropped at once. Capturing their stack
    // traces was most of their cost (about 100 µs a request here); the dispatch is synchronous (handlers start
    // in a later microtask), so only errors made during it, all of them discarded, lose their traces.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      this.onmessage?.(message);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    if (this.awaited === undefined) this.settle?.(undefined);
    return answered;
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // Only answers have somewhere to go: a JSON answer carries no server-to-client requests or notifications
    // (this server sends none: it asks nothing of the client and reports no progress).
    if (!('id' in message) || 'method' in message || message.id === undefined) return;
    if (this.awaited === undefined || message.id !== this.awaited) throw new Error(`No request ${String(message.id)} awaits an answer in this exchange.`);
    this.settle?.(message);
  }
}

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId; method: string } =>
  'method' in message && 'id' in message;
