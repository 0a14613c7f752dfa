import type { Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { JsonResponseTransport } from './json-response.transport';
import { serializeAnswer } from './json-rpc-answer';
import type { McpRequestContext } from './mcp-request-context';
import { createMcpServer } from './mcp-server.factory';
import { readStreamableHttpPost } from './streamable-http-post';

/**
 * Serves one 2025-era POST (revisions up to 2025-11-25: no per-request `_meta` envelope) as this server always
 * has: a fresh server, the message, and a JSON body back, never an SSE stream.
 */
export async function serveLegacyExchange(context: McpRequestContext, headers: IncomingHttpHeaders, body: unknown, res: Response): Promise<void> {
  const post = readStreamableHttpPost(headers, body);
  if (post.refused) {
    res.status(post.refused.status).json({ jsonrpc: '2.0', error: post.refused.error, id: null });
    return;
  }
  const server = createMcpServer(context);
  const transport = new JsonResponseTransport();
  await server.connect(transport);
  let answer;
  try {
    answer = await transport.exchange(post.message);
  } catch (error) {
    // Abort whatever handler may still run for this request before the error reaches the filter.
    await server.close();
    throw error;
  }
  // Not closed once it has answered: every handler has returned by then and the pair holds no timer or stream,
  // so both are simply dropped; close() would only build a "Connection closed" error that nothing receives.
  if (answer === undefined) {
    // A notification or a response: accepted, nothing to answer (Streamable HTTP: 202).
    res.status(202).end();
    return;
  }
  const json = serializeAnswer(answer);
  // Written as it is: Express's send would copy the string into a Buffer and parse the Content-Type again.
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) }).end(json);
}
