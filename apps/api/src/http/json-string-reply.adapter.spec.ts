import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, Response } from 'express';
import { JsonStringReplyAdapter } from './json-string-reply.adapter';

/** A body over Express's 1,000-character threshold, with characters of 2, 3 and 4 bytes in UTF-8. */
const LARGE = { id: 'conv_1', title: 'Café — ✓ 🎙', sources: Array.from({ length: 200 }, (_, i) => ({ i, text: `segment ${i} é ✓ 🎙` })) };
const SMALL = { data: [], next_cursor: null, has_more: false };

class Instance {
  constructor(readonly value: number) {}
}

describe('JsonStringReplyAdapter', () => {
  const adapter = new JsonStringReplyAdapter();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = adapter.getInstance<import('express').Express>();
    app.set('etag', false);
    const bodies: Record<string, unknown> = { large: LARGE, small: SMALL, instance: new Instance(1) };
    app.all('/adapter/:name', (req: Request, res: Response) => adapter.reply(res, bodies[req.params['name'] as string]));
    app.all('/express/:name', (req: Request, res: Response) => res.json(bodies[req.params['name'] as string]));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answer = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      contentLength: response.headers.get('content-length'),
      etag: response.headers.get('etag'),
      body: body.toString('hex'),
    };
  };

  it.each(['large', 'small', 'instance'])('writes the same status, headers and bytes as Express res.json (%s body)', async (name) => {
    const ours = await answer(`/adapter/${name}`);
    expect(ours).toEqual(await answer(`/express/${name}`));
    expect(ours.contentType).toBe('application/json; charset=utf-8');
  });

  it('counts Content-Length in UTF-8 bytes, not characters', async () => {
    const ours = await answer('/adapter/large');
    const text = JSON.stringify(LARGE);
    expect(Number(ours.contentLength)).toBe(Buffer.byteLength(text));
    expect(Number(ours.contentLength)).toBeGreaterThan(text.length);
  });

  it('answers HEAD with the headers of GET and no body, as Express does', async () => {
    const ours = await answer('/adapter/large', { method: 'HEAD' });
    expect(ours).toEqual(await answer('/express/large', { method: 'HEAD' }));
    expect(ours.body).toBe('');
  });

  it.each([{ 'if-none-match': '*' }, { 'if-modified-since': 'Tue, 24 Nov 2026 08:00:00 GMT' }])(
    'answers a conditional request as Express does (%o)',
    async (headers) => {
      expect(await answer('/adapter/large', { headers })).toEqual(await answer('/express/large', { headers }));
    },
  );
});
