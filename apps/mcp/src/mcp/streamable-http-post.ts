import { isJsonContentType, type JSONRPCMessage, parseJSONRPCMessage, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { IncomingHttpHeaders } from 'node:http';

/** A POST refused before any message reaches the server: HTTP status and the JSON-RPC error of its body. */
export interface RefusedPost {
  status: number;
  error: { code: number; message: string };
}

export type ReadPost = { message: JSONRPCMessage; refused?: undefined } | { refused: RefusedPost; message?: undefined };

const refuse = (status: number, code: number, message: string): ReadPost => ({ refused: { status, error: { code, message } } });

/** JSON-RPC's Invalid Request (-32600), as the SDK names its refusals ("Invalid Request: …"). */
export const BATCH_REFUSED = 'Invalid Request: JSON-RPC batches are not supported; send one message per POST';

/** A header as one string: a header sent more than once reads as its values joined, as HTTP lists are. */
export const headerValue = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

/**
 * The rules of a 2025-era Streamable HTTP POST (MCP spec 2025-11-25, "Sending messages to the server") for a
 * stateless server, as the SDK's own transport applies them, with its status codes and messages: the client must accept
 * both JSON and SSE, send JSON, send one JSON-RPC message, and, after initialization, a supported
 * MCP-Protocol-Version if any. `body` is the parsed JSON.
 *
 * A JSON array (a JSON-RPC batch) is refused: the spec removed batching in 2025-06-18 (changelog, PR #416), and
 * one POST per message is what lets the rate limit and the in-flight cap count every tool call (issue 19).
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
  if (Array.isArray(body)) return refuse(400, -32600, BATCH_REFUSED);
  let message: JSONRPCMessage;
  try {
    message = parseJSONRPCMessage(body);
  } catch {
    return refuse(400, -32700, 'Parse error: Invalid JSON-RPC message');
  }
  const version = headerValue(headers['mcp-protocol-version']);
  if (!isInitialize(message) && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refuse(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
  }
  return { message };
}

const isInitialize = (message: JSONRPCMessage): boolean => 'method' in message && message.method === 'initialize';
