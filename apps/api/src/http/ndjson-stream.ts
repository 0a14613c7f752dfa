import { Logger } from '@nestjs/common';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Request, Response } from 'express';

/** Lines are written in chunks of about this size: one socket write (and one chunk header) per line would cost more than the line. */
const CHUNK_CHARACTERS = 64 * 1024;

const logger = new Logger('NdjsonStream');

/**
 * Streams `lines` as NDJSON (one JSON value a line), gzip-compressed when the request accepts it, reading the next
 * line only when the client has taken the previous chunk: however long the stream, the process holds a chunk and
 * what the source holds. A client that goes away stops the reading. A failure once the 200 is sent cannot become a
 * problem document: the connection is cut instead, so the stream lacks its last line and the client resumes.
 */
export async function streamNdjson(req: Request, res: Response, lines: AsyncIterable<unknown>): Promise<void> {
  const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.status(200);
  res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  const sink: Writable = gzip ? createGzip() : res;
  if (gzip) sink.pipe(res);
  const gone = () => res.destroyed || res.writableEnded;
  const write = async (text: string) => {
    if (sink.write(text)) return;
    // Wait for the client, or for it to leave.
    await Promise.race([once(sink, 'drain'), once(res, 'close')]);
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
    logger.error({ err }, 'export stream failed after its first byte; cutting the connection so the client resumes');
    res.destroy();
  }
}
