import type { IncomingMessage, ServerResponse } from 'node:http';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Request, Response } from 'express';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Express settings that change what `res.json` writes; when one is set, Express writes the answer. */
const JSON_SETTINGS = ['json replacer', 'json spaces', 'json escape'] as const;

/**
 * Nest's Express adapter, except that a handler's plain JSON answer is written as the JSON string itself.
 *
 * Express's `res.json` → `res.send` copies every body of 1,000 characters or more into a Buffer (`Buffer.from`)
 * to measure it before `res.end`. On the two-hour transcript (174 KB) that is a second 174 KB copy per request,
 * held outside the V8 heap, so it also brings the next full garbage collection closer: the api spent about a
 * third more CPU per request than a bare `node:http` server on the same work (`npm run bench -- rest-read`,
 * tools/bench/README.md). Node's `res.end(string)` encodes the string straight into the socket write.
 *
 * The bytes on the wire are the same as Express's: the same `JSON.stringify`, `Content-Type:
 * application/json; charset=utf-8` and `Content-Length`. Everything else goes to Express unchanged: bodies that
 * are not plain objects or arrays, answers that already carry a Content-Type, 204/304, conditional requests
 * (Express may answer those 304), and apps that set a JSON setting.
 */
export class JsonStringReplyAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    if (statusCode) response.status(statusCode);
    if (!this.writesPlainJson(response, body)) return super.reply(response, body, statusCode);
    const text = JSON.stringify(body);
    const res = response as ServerResponse;
    res.setHeader('Content-Type', JSON_CONTENT_TYPE);
    res.setHeader('Content-Length', String(Buffer.byteLength(text, 'utf8')));
    // Node writes no body for HEAD, as Express's `res.send` would not.
    res.end(text, 'utf8');
    return response;
  }

  private writesPlainJson(response: Response, body: unknown): boolean {
    if (body === null || typeof body !== 'object') return false;
    const proto = Object.getPrototypeOf(body) as unknown;
    if (proto !== Object.prototype && proto !== Array.prototype) return false;
    const status = response.statusCode;
    if (status === 204 || status === 304) return false;
    if (response.getHeader('Content-Type') !== undefined || response.getHeader('Transfer-Encoding') !== undefined) return false;
    const req = response.req as Request | IncomingMessage;
    if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) return false;
    const app = response.app;
    return JSON_SETTINGS.every((name) => app.get(name) === undefined);
  }
}
