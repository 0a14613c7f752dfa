import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { type JSONRPCMessage, JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { IncomingHttpHeaders } from 'node:http';

/** A POST refused before any message reaches the server: HTTP status and the JSON-RPC error of its body. */
export interface RefusedPost {
  status: number;
  error: { code: number; message: string };
}

export type ReadPost = { messages: JSONRPCMessage[]; refused?: undefined } | { refused: RefusedPost; messages?: undefined };

const refuse = (status: number, code: number, message: string): ReadPost => ({ refused: { status, error: { code, message } } });

const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

/**
 * The rules of a Streamable HTTP POST (MCP spec 2025-11-25, "Sending messages to the server") for a stateless
 * server, as the SDK's own transport applies them, with its status codes and messages: the client must accept
 * both JSON and SSE, send JSON, send JSON-RPC messages (batches of at most MAX_BATCH_SIZE, at most one of them an
 * initialize), and, after initialization, a supported MCP-Protocol-Version if any. `body` is the parsed JSON.
 */
export function readStreamableHttpPost(headers: IncomingHttpHeaders, body: unknown): ReadPost {
  const accept = headerValue(headers.accept);
  // Accept is a list: a substring test is the intended semantics (so the SDK).
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
    return refuse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  }
  if (!isJsonContentType(headerValue(headers['content-type']))) {
    return refuse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  }
  if (Array.isArray(body) && body.length > MAX_BATCH_SIZE) {
    return refuse(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
  }
  const parsed = (Array.isArray(body) ? body : [body]).map((message) => JSONRPCMessageSchema.safeParse(message));
  const messages: JSONRPCMessage[] = [];
  for (const result of parsed) {
    if (!result.success) return refuse(400, -32700, 'Parse error: Invalid JSON-RPC message');
    messages.push(result.data);
  }
  const initializations = messages.filter((message) => 'method' in message && message.method === 'initialize').length;
  if (initializations > 0 && messages.length > 1) {
    return refuse(400, -32600, 'Invalid Request: Only one initialization request is allowed');
  }
  const version = headerValue(headers['mcp-protocol-version']);
  if (initializations === 0 && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refuse(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
  }
  return { messages };
}
