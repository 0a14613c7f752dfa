import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createGunzip } from 'node:zlib';

/** How much memory a process holds now: VmRSS of /proc/<pid>/status, in bytes (Linux), or null. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

export interface StreamFigures {
  lines: number;
  /** Bytes on the wire (compressed when gzip was asked). */
  wireBytes: number;
  /** Bytes of NDJSON (after decompression). */
  bytes: number;
  seconds: number;
  /** Whether the stream ended with its end line: a whole export. */
  complete: boolean;
  /** The server's resident memory, sampled while it streamed: [lines received so far, bytes]. */
  memory: [number, number][];
}

const NEWLINE = 0x0a;

/**
 * Reads GET /api/v1/export of `baseUrl` as fast as it comes, counting lines (no parsing: the client must not be what
 * limits the rate), and samples the server's memory every `sampleMs`. Stops after `stopAfterLines`, or when `signal`
 * aborts, by closing the connection as a client that goes away would.
 */
export function readExport(options: {
  baseUrl: string;
  apiKey: string;
  query?: string;
  gzip?: boolean;
  serverPid?: number;
  sampleMs?: number;
  stopAfterLines?: number;
  /** Ends the reading when aborted, as `stopAfterLines` does. */
  signal?: AbortSignal;
}): Promise<StreamFigures> {
  const { baseUrl, apiKey, query = '', gzip = false, serverPid, sampleMs = 100, stopAfterLines = Infinity, signal } = options;
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const figures: StreamFigures = { lines: 0, wireBytes: 0, bytes: 0, seconds: 0, complete: false, memory: [] };
    let tail = Buffer.alloc(0);
    const sample = () => {
      const rss = serverPid === undefined ? null : residentBytes(serverPid);
      if (rss !== null) figures.memory.push([figures.lines, rss]);
    };
    const sampler = serverPid === undefined ? null : setInterval(sample, sampleMs);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (sampler) clearInterval(sampler);
      sample();
      figures.seconds = Number(process.hrtime.bigint() - started) / 1e9;
      figures.complete = /"type":"end"/.test(tail.toString('utf8'));
      resolve(figures);
    };
    const req = request(`${baseUrl}/api/v1/export${query}`, { headers: { authorization: `Bearer ${apiKey}`, 'accept-encoding': gzip ? 'gzip' : 'identity' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/v1/export${query} answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.on('data', (chunk: Buffer) => (figures.wireBytes += chunk.length));
      const body = gzip ? res.pipe(createGunzip()) : res;
      body.on('data', (chunk: Buffer) => {
        figures.bytes += chunk.length;
        for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) figures.lines++;
        tail = Buffer.concat([tail, chunk]).subarray(-256);
        if (figures.lines >= stopAfterLines && !finished) {
          req.destroy();
          finish();
        }
      });
      body.on('end', finish);
      body.on('error', (error) => (finished ? undefined : reject(error)));
    });
    signal?.addEventListener('abort', () => {
      req.destroy();
      finish();
    });
    req.on('error', (error) => (finished ? undefined : reject(error)));
    req.end();
  });
}

/** The highest memory sampled until the stream had `lines` lines. */
export function peakUntil(memory: readonly [number, number][], lines: number): number {
  return Math.max(...memory.filter(([at]) => at <= lines).map(([, bytes]) => bytes));
}
