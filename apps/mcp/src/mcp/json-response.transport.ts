import type { JSONRPCMessage, MessageExtraInfo, RequestId, Transport } from '@modelcontextprotocol/server';

/**
 * The SDK Server's side of one stateless 2025-11-25 Streamable HTTP POST answered with a JSON body (no SSE
 * stream): the POST's message goes to the server, and the answer to a request comes back as the resolution of
 * exchange().
 *
 * Used for 2025-era requests instead of the SDK's legacy leg, which answers with an SSE stream and converts every
 * exchange to a Web Request and Response (docs/mcp.md "Protocol revisions"). The HTTP rules of the transport are
 * checked in streamable-http-post.ts.
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
    this.onmessage?.(message);
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
