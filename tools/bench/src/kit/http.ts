import { Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A keep-alive agent for the load generator and the flows: at most `sockets` connections to one server. */
export const keepAliveAgent = (sockets: number): Agent => new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });

/**
 * One HTTP/1.1 exchange with node:http (no redirect following, no cookie handling: the callers do that), the
 * whole body read as UTF-8. Lighter than fetch, which matters for a load generator sharing a core with Postgres.
 */
export function send(agent: Agent, method: 'GET' | 'POST', url: URL, headers: OutgoingHttpHeaders = {}, body?: string): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
    const req = request(
      url,
      { method, agent, headers: payload ? { ...headers, 'content-length': payload.length } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url.pathname}: no answer within 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** `application/x-www-form-urlencoded` body and header. */
export function form(fields: Record<string, string>): { body: string; headers: OutgoingHttpHeaders } {
  return { body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** RFC 6749 §2.3.1: client_secret_basic, each part form-urlencoded before base64. */
export function basicAuth(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}
