import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BearerProxy } from './support/bearer-proxy';

/**
 * The proxy in front of the MCP server in the conformance spec: what the suite concludes is only as good as the
 * proxy's faithfulness, so it is checked against an upstream that records what reaches it.
 */
let handle: (request: IncomingMessage, response: ServerResponse) => void = () => undefined;
let upstream: Server;
let token: string | null = 'token-123';
const proxy = new BearerProxy({ upstream: () => `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, token: () => token });

beforeAll(async () => {
  upstream = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  await proxy.listen();
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const bodyOf = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString('utf8');
  return body;
};

/** node:http rather than fetch, which would replace a Host header of its own choosing, as the suite's DNS-rebinding scenario sends one. */
const send = (url: string, headers: Record<string, string>, body: string) =>
  new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers }, (answer) => {
      void bodyOf(answer).then((text) => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }), reject);
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });

it('sets the bearer token in place of the client’s and passes method, path, Host, Origin, other headers and body unchanged', async () => {
  let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string } | undefined;
  handle = (request, response) =>
    void bodyOf(request).then((body) => {
      seen = { method: request.method, url: request.url, headers: request.headers, body };
      response.writeHead(418, { 'content-type': 'application/problem+json', 'x-upstream': 'yes' }).end('{"status":418}');
    });
  const response = await send(
    `${proxy.origin}/mcp?x=1`,
    { host: 'evil.example.com', origin: 'http://evil.example.com', authorization: 'Bearer the-client-s', 'mcp-protocol-version': '2025-11-25' },
    '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  );
  expect(response).toMatchObject({ status: 418, headers: { 'content-type': 'application/problem+json', 'x-upstream': 'yes' }, body: '{"status":418}' });
  expect(seen).toMatchObject({
    method: 'POST',
    url: '/mcp?x=1',
    headers: { host: 'evil.example.com', origin: 'http://evil.example.com', authorization: 'Bearer token-123', 'mcp-protocol-version': '2025-11-25' },
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  });
});

it('forwards a request without Authorization when it has no token', async () => {
  token = null;
  let authorization: string | undefined = 'unset';
  handle = (request, response) => {
    authorization = request.headers.authorization;
    response.writeHead(401).end();
  };
  const response = await fetch(`${proxy.origin}/mcp`, { method: 'POST', headers: { authorization: 'Bearer the-client-s' }, body: '{}' });
  token = 'token-123';
  expect(response.status).toBe(401);
  expect(authorization).toBeUndefined();
});

it('streams an SSE answer event by event: the first event arrives while the upstream still holds the second', async () => {
  let sendRest: () => void = () => undefined;
  handle = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('id: 1\ndata: one\n\n');
    sendRest = () => response.end('id: 2\ndata: two\n\n');
  };
  const response = await fetch(`${proxy.origin}/mcp`, { method: 'POST', body: '{}' });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  // Were the proxy to buffer, this read would wait for the end the upstream only sends after it.
  expect((await reader.read()).value).toBe('id: 1\ndata: one\n\n');
  sendRest();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
  expect(rest).toBe('id: 2\ndata: two\n\n');
});
