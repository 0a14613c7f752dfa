import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { Catalog, EXPORT_PARAMS, LIST_CONVERSATIONS_PARAMS, SearchBudget } from '@cs/catalog';
import { DEFAULT_SEARCH_LIMITS } from '@cs/config';
import { CursorCodec, NO_PARAMS, type RawQuery } from '@cs/paging';
import { DomainError, invalidToken, insufficientScope, type Principal } from '@cs/domain';
import { limitField, policyField, type RateLimiter, type RateLimitPolicy, streamNdjson } from '@cs/nest-infrastructure';
import { ApiKeyResolver, PrincipalResolver } from '@cs/token-verification';
import { poolQueryable } from '@cs/persistence';
import { Search, SEARCH_PARAMS } from '@cs/search';
import type { Pool } from 'pg';

const CONVERSATION_PATH = /^\/api\/v1\/conversations\/([^/]+)$/;
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/;

function send(res: ServerResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * The benchmark's baseline: the same work as apps/api for the read routes, without a framework.
 * node:http, a pg Pool, the same ApiKeyResolver (digest lookup joined with memberships and workspaces)
 * and the same Catalog (hence the same SQL, cursor HMAC and JSON shaping) and Search (GET /api/v1/search, for the
 * search benchmark; `q` on the list is the Catalog's), the same NDJSON writer (GET /api/v1/export, for the export
 * benchmark, uncompressed), the same rate-limit counter in Redis,
 * JSON.stringify. What it leaves
 * out (NestJS routing, guards, interceptors, passport, pino-http, Express, TypeORM's query runner) is
 * what the api/baseline ratio measures.
 */
export function createBaselineHandler(
  pool: Pool,
  cursorSecret: string,
  rateLimit?: { limiter: RateLimiter; policy: RateLimitPolicy },
): (req: IncomingMessage, res: ServerResponse) => void {
  const db = poolQueryable(pool);
  // The api's search limits, so both run the same transaction per full-text read (docs/search.md "Limits").
  const fullText = SearchBudget.onPool(pool, DEFAULT_SEARCH_LIMITS);
  const catalog = new Catalog(db, new CursorCodec(cursorSecret), fullText);
  const search = new Search(fullText, new CursorCodec(cursorSecret));
  const principals = new PrincipalResolver(new ApiKeyResolver(db));

  async function authenticate(req: IncomingMessage, res: ServerResponse): Promise<Principal> {
    const header = req.headers.authorization;
    const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
    if (token === undefined) throw invalidToken('The Authorization header must be "Bearer <token>".');
    const principal = await principals.resolve(token);
    if (!principal.scopes.has('conversations:read')) throw insufficientScope('conversations:read');
    if (rateLimit) {
      // The api counts every authenticated request in Redis; so does the baseline, or the ratio would measure it.
      const decision = await rateLimit.limiter.take(`${principal.via}:${principal.credentialId}`, rateLimit.policy);
      res.setHeader('RateLimit-Policy', policyField(rateLimit.policy));
      res.setHeader('RateLimit', limitField(rateLimit.policy, decision));
    }
    return principal;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    // Express's "simple" query parser is node:querystring: repeated keys become arrays.
    const query = (q === -1 ? {} : parseQuery(url.slice(q + 1))) as RawQuery;
    if (req.method !== 'GET') return send(res, 405, { code: 'method_not_allowed' });
    if (path === '/healthz') return send(res, 200, { status: 'ok' });
    if (path === '/api/v1/conversations') {
      const principal = await authenticate(req, res);
      return send(res, 200, await catalog.listConversations(principal, LIST_CONVERSATIONS_PARAMS.fromQueryString(query)));
    }
    if (path === '/api/v1/export') {
      const principal = await authenticate(req, res);
      return streamNdjson(res, await catalog.exportConversations(principal, EXPORT_PARAMS.fromQueryString(query)), { gzip: false });
    }
    if (path === '/api/v1/search') {
      const principal = await authenticate(req, res);
      return send(res, 200, await search.search(principal, SEARCH_PARAMS.fromQueryString(query)));
    }
    const match = CONVERSATION_PATH.exec(path);
    if (match) {
      const principal = await authenticate(req, res);
      NO_PARAMS.fromQueryString(query);
      return send(res, 200, await catalog.getConversation(principal, decodeURIComponent(match[1] as string)));
    }
    return send(res, 404, { code: 'not_found' });
  }

  return (req, res) => {
    // Every response carries a request id, as the api's do.
    const requestId = `req_${randomBytes(12).toString('hex')}`;
    res.setHeader('X-Request-Id', requestId);
    handle(req, res).catch((error: unknown) => {
      const problem = error instanceof DomainError ? error : new DomainError('internal_error', 'The service failed unexpectedly.');
      if (!(error instanceof DomainError)) process.stderr.write(`baseline: ${(error as Error).stack ?? String(error)}\n`);
      if (res.headersSent) return void res.destroy();
      send(
        res,
        problem.status,
        { status: problem.status, code: problem.code, detail: problem.message, request_id: requestId },
        'application/problem+json',
      );
    });
  };
}
