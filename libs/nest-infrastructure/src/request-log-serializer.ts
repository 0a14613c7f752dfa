import type { IncomingHttpHeaders } from 'node:http';

/** Request headers that carry credentials: never written to a log. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie'] as const;

/**
 * Query parameters that carry credentials (OAuth's access_token of RFC 6750 §2.3, codes, tokens, secrets, keys,
 * passwords), by name, in any case: their values are never written to a log, even of a refused request (issue 19).
 */
const CREDENTIAL_PARAMETER = /^(?:code|token|password|secret|key|api_?key|client_assertion|id_token_hint|.*_(?:token|secret|key|password))$/i;

export const REDACTED = '[Redacted]';

interface LoggedRequest {
  headers?: IncomingHttpHeaders;
  url?: string;
  query?: unknown;
}

/**
 * pino-http's `req` serializer (it receives pino's standard request object): the request as sent, with the
 * credentials of its headers, query string and parsed query replaced by "[Redacted]", as pino's `redact` option
 * would write them. Done by hand because pino builds every request's log bindings eagerly, even at level silent,
 * and its generic redaction (a selective deep clone per request) cost about 2% of the api's CPU per request
 * (`npm run bench -- rest-read`). The standard object keeps the raw request behind a non-enumerable `raw`, so it
 * is changed in place, never replaced, and the app's own request is left as it is.
 */
export function serializeRequestForLog<T extends LoggedRequest>(req: T): T {
  const headers = req.headers;
  if (headers && CREDENTIAL_HEADERS.some((name) => headers[name] !== undefined)) {
    const safe: IncomingHttpHeaders = { ...headers };
    for (const name of CREDENTIAL_HEADERS) if (safe[name] !== undefined) safe[name] = REDACTED;
    req.headers = safe;
  }
  if (req.url?.includes('?')) req.url = redactQueryString(req.url);
  if (typeof req.query === 'object' && req.query !== null && Object.keys(req.query).some((name) => CREDENTIAL_PARAMETER.test(name))) {
    req.query = Object.fromEntries(Object.entries(req.query).map(([name, value]) => [name, CREDENTIAL_PARAMETER.test(name) ? REDACTED : value]));
  }
  return req;
}

/** The URL with the value of every credential parameter replaced; names are matched as the app decodes them. */
function redactQueryString(url: string): string {
  const start = url.indexOf('?');
  const pairs = url.slice(start + 1).split('&');
  let changed = false;
  const redacted = pairs.map((pair) => {
    const end = pair.indexOf('=');
    const name = end === -1 ? pair : pair.slice(0, end);
    if (!CREDENTIAL_PARAMETER.test(decodedName(name))) return pair;
    changed = true;
    return `${name}=${REDACTED}`;
  });
  return changed ? `${url.slice(0, start + 1)}${redacted.join('&')}` : url;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // Not valid percent-encoding: the app cannot read it as a credential name either.
    return name;
  }
}

/** pino-http's `res` serializer: the answer's headers, with the cookies it sets (the auth server's sessions) redacted. */
export function serializeResponseForLog<T extends { headers?: Record<string, unknown> }>(res: T): T {
  const headers = res.headers;
  if (!headers || headers['set-cookie'] === undefined) return res;
  res.headers = { ...headers, 'set-cookie': REDACTED };
  return res;
}
