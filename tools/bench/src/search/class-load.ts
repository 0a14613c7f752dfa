import autocannon from 'autocannon';
import { type RunFigures, summarize } from '../kit/stats';

/** Longer than any search takes on a quiet machine (its statement timeout is 3 s; p99 is about 0.1 s). */
const SETTLE_MS = 1_000;

export interface ClassLoadOptions {
  baseUrl: string;
  /** The class's request paths; requests take them in turn, over all connections. */
  paths: readonly string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** CPU seconds used so far by the server under load, read before and after the run. */
  serverCpuSeconds?: () => number | null;
}

/**
 * One closed-loop run over a class of queries: `connections` keep-alive connections, each sending its next request
 * as soon as the previous answer arrives, the next request taking the next path of the class (one counter for all
 * connections, so they do not ask the same query at the same moment). Latencies come from autocannon's per-response
 * times (sub-millisecond); any non-2xx answer counts as a failure.
 */
export async function classLoadRun(options: ClassLoadOptions): Promise<RunFigures & { failedStatuses: Record<string, number> }> {
  if (options.paths.length === 0) throw new Error('a class without queries');
  const latencies: number[] = [];
  let failures = 0;
  const failedStatuses: Record<string, number> = {};
  let next = 0;
  const cpuBefore = options.serverCpuSeconds?.() ?? null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        headers: options.headers,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 30,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length] as string }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else {
        failures++;
        failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
      }
    });
  });
  const cpuAfter = options.serverCpuSeconds?.() ?? null;
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  if (result.errors > 0) failedStatuses['connection error'] = result.errors;
  // autocannon stops with requests still running on the server, their connections dropped: the next run's would
  // overlap them (beyond the api's SEARCH_MAX_CONCURRENT, a 429), so they are let finish first.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { ...summarize(latencies, failures + result.errors, result.duration, cpu), failedStatuses };
}
