import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
}

export interface LocalServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on a free loopback port, so the client's fetch is exercised for real (no fetch mocks). */
export async function startLocalServer(
  handle: (request: RecordedRequest, res: ServerResponse) => void,
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const recorded = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'http://localhost'), headers: req.headers };
    requests.push(recorded);
    handle(recorded, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': contentType, 'x-request-id': 'req_test' });
  res.end(JSON.stringify(body));
}

export function problem(status: number, code: string, detail = code) {
  return { type: `http://localhost/api/v1/problems/${code}`, title: code, status, detail, code, request_id: 'req_test' };
}
