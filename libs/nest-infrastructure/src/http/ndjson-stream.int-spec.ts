import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { streamNdjson } from './ndjson-stream';

/** Lines of about 10 KB: 2,000 of them are far more than the sockets buffer, so the writer waits for the client. */
const LINE_TEXT = 'x'.repeat(10_000);

describe('streamNdjson over real HTTP', () => {
  let server: Server;
  let baseUrl: string;
  /** What the stream's source saw of the response while it was read: the listeners on it, whether it had to wait. */
  let seen: { maxCloseListeners: number; waits: number; stoppedAt: number | null };

  async function* lines(res: ServerResponse, count: number) {
    for (let i = 0; i < count; i++) {
      seen.maxCloseListeners = Math.max(seen.maxCloseListeners, res.listenerCount('close'));
      seen.stoppedAt = i;
      yield { i, text: LINE_TEXT };
    }
    seen.stoppedAt = null;
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const count = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('lines'));
      res.on('drain', () => seen.waits++);
      void streamNdjson(res, lines(res, count), { gzip: req.headers['accept-encoding'] === 'gzip' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    seen = { maxCloseListeners: 0, waits: 0, stoppedAt: null };
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A client that reads slowly (a pause every chunk), so the server waits on it many times; `stopAfter` bytes, it leaves. */
  const slowRead = (path: string, options: { gzip?: boolean; stopAfter?: number } = {}) =>
    new Promise<Buffer>((resolve, reject) => {
      const req = request(`${baseUrl}${path}`, { headers: options.gzip ? { 'accept-encoding': 'gzip' } : {} }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (options.stopAfter !== undefined && size >= options.stopAfter) {
            req.destroy();
            resolve(Buffer.concat(chunks));
            return;
          }
          res.pause();
          setTimeout(() => res.resume(), 1);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });

  it('waits for a slow client without leaving a listener behind at each wait, and sends every line', async () => {
    const body = await slowRead('/?lines=2000');
    const received = body.toString('utf8').split('\n').filter((l) => l !== '');
    expect(received).toHaveLength(2000);
    expect(JSON.parse(received[1999]!)).toEqual({ i: 1999, text: LINE_TEXT });
    expect(seen.waits).toBeGreaterThan(10);
    expect(seen.maxCloseListeners).toBeLessThanOrEqual(2);
  });

  it('compresses when asked, the same lines', async () => {
    const body = gunzipSync(await slowRead('/?lines=500', { gzip: true }));
    expect(body.toString('utf8').split('\n').filter((l) => l !== '')).toHaveLength(500);
    expect(seen.maxCloseListeners).toBeLessThanOrEqual(2);
  });

  it('stops reading its source when the client goes away', async () => {
    await slowRead('/?lines=100000', { stopAfter: 2_000_000 });
    // The server sees the close a moment later; the source is then asked for nothing more.
    for (let i = 0; i < 100 && seen.stoppedAt !== null && seen.stoppedAt < 99_999; i++) {
      const at = seen.stoppedAt;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (seen.stoppedAt === at) break;
    }
    expect(seen.stoppedAt).not.toBeNull();
    expect(seen.stoppedAt!).toBeLessThan(10_000);
  });
});
