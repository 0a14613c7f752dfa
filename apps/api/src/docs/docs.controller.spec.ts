import { readFileSync } from 'node:fs';
import { Module, type INestApplication } from '@nestjs/common';
import { APP_FILTER, NestFactory } from '@nestjs/core';
import { API_CONFIG, loadApiConfig } from '../config/api-config';
import { JsonStringReplyAdapter } from '../http/json-string-reply.adapter';
import { ProblemFilter } from '../http/problem.filter';
import { openApiDocumentProvider } from '../openapi/openapi.provider';
import { ApiReference, rendererFile } from './api-reference';
import { DocsController } from './docs.controller';

@Module({
  controllers: [DocsController],
  providers: [{ provide: API_CONFIG, useValue: loadApiConfig({}) }, openApiDocumentProvider, ApiReference, { provide: APP_FILTER, useClass: ProblemFilter }],
})
class DocsOnlyModule {}

/** A Content-Security-Policy as directive name → sources. */
const directives = (policy: string | null): Record<string, string[]> =>
  Object.fromEntries((policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));

describe('the API reference page and its script (headers)', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await NestFactory.create(DocsOnlyModule, new JsonStringReplyAdapter(), { logger: false });
    app.getHttpAdapter().getInstance().set('etag', false);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  const page = () => fetch(`${base}/api/v1/docs`);
  // As a browser revalidates; fetch would add Cache-Control: no-cache to a conditional request, which forbids a 304.
  const revalidate = (path: string, etag: string | null) => fetch(`${base}${path}`, { headers: { 'If-None-Match': etag ?? '', 'Cache-Control': 'max-age=0' } });
  const scriptUrls = async () => [...(await (await page()).text()).matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]!);

  it('serves the page as HTML under a strict policy: only its own script, its own origin, no eval, no framing', async () => {
    const response = await page();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp).toMatchObject({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'connect-src': ["'self'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(Object.entries(csp).filter(([, sources]) => sources.some((s) => /^(https?:|\*)/.test(s)))).toEqual([]);
  });

  it('names the service and version in the title, links the OpenAPI document and has no inline script', async () => {
    const html = await (await page()).text();
    expect(html).toContain('<title>Conversation Service API 1.0.0</title>');
    expect(html).toContain('href="/api/v1/openapi.json"');
    const tags = html.match(/<script\b[^>]*>[^<]*<\/script>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toMatch(/^<script src="\/api\/v1\/docs\/[\w.-]+\.js"><\/script>$/);
  });

  it('is revalidated (no-cache + ETag), and answers 304 to a matching If-None-Match', async () => {
    const first = await page();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await revalidate('/api/v1/docs', etag)).status).toBe(304);
    expect((await revalidate('/api/v1/docs', '"stale"')).status).toBe(200);
  });

  it('serves its scripts, the renderer bundle from node_modules among them, at versioned URLs cached for a year', async () => {
    const bodies: Buffer[] = [];
    for (const url of await scriptUrls()) {
      const response = await fetch(`${base}${url}`);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(directives(response.headers.get('content-security-policy'))).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect((await revalidate(url, response.headers.get('etag'))).status).toBe(304);
      bodies.push(Buffer.from(await response.arrayBuffer()));
    }
    const renderer = readFileSync(rendererFile());
    expect(bodies.filter((body) => body.equals(renderer))).toHaveLength(1);
  });

  it('answers any other file name under the page with a 404 problem', async () => {
    const [url] = await scriptUrls();
    for (const other of ['/api/v1/docs/scalar.js', `${url}x`, '/api/v1/docs/..%2Fopenapi.json', '/api/v1/docs/%00']) {
      const response = await fetch(`${base}${other}`);
      expect({ other, status: response.status, type: response.headers.get('content-type') }).toEqual({
        other,
        status: 404,
        type: expect.stringMatching(/^application\/problem\+json/),
      });
    }
  });
});
