import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';

/**
 * The request as a Web Standard Request for the SDK's WebStandardStreamableHTTPServerTransport: method, URL and
 * headers only, since Nest has already parsed the JSON body (passed to the transport as parsedBody).
 */
export function toWebRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`), { method: req.method, headers });
}

/** Writes the transport's answer (a JSON body, or an empty 202 for notifications) to the Express response. */
export async function sendWebResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}
