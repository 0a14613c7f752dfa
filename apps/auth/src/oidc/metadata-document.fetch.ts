import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { BlockedTargetError, isAllowedTarget, pinnedLookup } from '@cs/webhook-delivery';

/** Statuses a fetch Response carries without a body. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * oidc-provider's `fetch` (it fetches Client ID Metadata Documents through it), made with the webhooks' address
 * protection: the host is resolved by pinnedLookup, which refuses a name answering any address that is not global
 * (private, loopback, link-local and cloud metadata, …) and hands the socket the very address it vetted, so the
 * check is on the connected address with no second resolution to rebind; a literal address is vetted here, as the
 * webhook sender does, since no lookup runs for it. `allowPrivateTargets` (CLIENT_METADATA_ALLOW_PRIVATE_TARGETS,
 * never in production) lets tests serve documents from 127.0.0.1: loopback and private addresses, never link-local
 * or a cloud metadata service (isAllowedTarget). https only; redirects are returned, not followed
 * (oidc-provider refuses anything but a 200); its AbortSignal bounds the whole exchange, body included.
 */
export function metadataDocumentFetch(allowPrivateTargets: boolean): (url: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const agent = new Agent({ keepAlive: true, lookup: pinnedLookup(allowPrivateTargets) });
  return (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url instanceof Request ? url.url : url);
      if (target.protocol !== 'https:') return reject(new Error('a client metadata document is fetched over https only'));
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isAllowedTarget(host, allowPrivateTargets)) return reject(new BlockedTargetError(host, host));
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, name) => (headers[name] = value));
      const req = request(target, { method: 'GET', agent, headers, ...(init.signal ? { signal: init.signal } : {}) });
      req.on('error', reject);
      req.on('response', (res) => {
        const responseHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 502;
        if (NULL_BODY_STATUSES.has(status) || status < 200) {
          res.resume();
          return resolve(new Response(null, { status: status < 200 ? 502 : status, headers: responseHeaders }));
        }
        resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, headers: responseHeaders }));
      });
      req.end();
    });
}
