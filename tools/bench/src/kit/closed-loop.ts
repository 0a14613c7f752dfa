import autocannon from 'autocannon';
import { type RunFigures, summarize } from './stats';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** GET unless given (the mcp benchmark POSTs JSON-RPC). */
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  durationSeconds: number;
  /** CPU seconds used so far by the server under load, read before and after the run. */
  serverCpuSeconds?: () => number | null;
}

/**
 * One closed-loop run with autocannon, in this process: `connections` keep-alive connections, each sending
 * its next request as soon as the previous answer arrives. Latencies are taken from autocannon's response
 * events (sub-millisecond, where its own histogram rounds to whole milliseconds); only 2xx count.
 */
export async function loadRun(options: LoadOptions): Promise<RunFigures> {
  const latencies: number[] = [];
  let failures = 0;
  const cpuBefore = options.serverCpuSeconds?.() ?? null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
        ...(options.method ? { method: options.method } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 30,
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failures++;
    });
  });
  const cpuAfter = options.serverCpuSeconds?.() ?? null;
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return summarize(latencies, failures + result.errors, result.duration, cpu);
}

/** How a results file describes closed-loop rounds of which the best is kept (see bestRun). */
export function closedLoopMethod(options: { connections: number; warmupSeconds: number; durationSeconds: number; rounds: number }) {
  return {
    connections: options.connections,
    warmup_seconds: options.warmupSeconds,
    duration_seconds: options.durationSeconds,
    rounds: options.rounds,
    selection: 'best round by req/s, with its own p50/p99',
  };
}
