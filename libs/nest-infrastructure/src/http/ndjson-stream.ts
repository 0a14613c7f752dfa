import { Logger } from '@nestjs/common';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';

/** Lines are written in chunks of about this size: one socket write (and one chunk header) per line would cost more than the line. */
const CHUNK_CHARACTERS = 64 * 1024;

const logger = new Logger('NdjsonStream');

/** Whether the request accepts gzip (RFC 9110 §12.5.3): named, or `*`, with a q-value above zero. */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Streams `lines` as NDJSON (one JSON value a line), gzip-compressed when asked, reading the next line only when the
 * client has taken the previous chunk: however long the stream, the process holds a chunk and what the source holds.
 * A client that goes away stops the reading. A failure once the 200 is sent cannot become a problem document: the
 * connection is cut instead, so the stream lacks its last line and the client resumes. The api and the benchmark's
 * framework-free baseline both write with it.
 */
export async function streamNdjson(res: ServerResponse, lines: AsyncIterable<unknown>, options: { gzip: boolean }): Promise<void> {
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept-Encoding');
  if (options.gzip) res.setHeader('Content-Encoding', 'gzip');
  // A HEAD answer has no body: reading the lines only to drop them would cost a whole export.
  if (res.req?.method === 'HEAD') return void res.end();
  const sink: Writable = options.gzip ? createGzip() : res;
  if (options.gzip) sink.pipe(res);
  const gone = () => res.destroyed || res.writableEnded;
  const write = async (text: string) => {
    if (sink.write(text)) return;
    // Wait for the client, or for it to leave; then take both listeners off, or every wait would leave one behind.
    const waited = new AbortController();
    try {
      await Promise.race([once(sink, 'drain', { signal: waited.signal }), once(res, 'close', { signal: waited.signal })]);
    } finally {
      waited.abort();
    }
  };
  try {
    let chunk = '';
    for await (const line of lines) {
      if (gone()) return;
      chunk += `${JSON.stringify(line)}\n`;
      if (chunk.length >= CHUNK_CHARACTERS) {
        await write(chunk);
        chunk = '';
      }
    }
    if (gone()) return;
    sink.end(chunk);
  } catch (err) {
    logger.error({ err }, 'stream failed after its first byte; cutting the connection so the client resumes');
    res.destroy();
  }
}
