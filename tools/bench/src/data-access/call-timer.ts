import { performance } from 'node:perf_hooks';
import { percentile } from '../kit/stats';
import { backendCpuDelta } from '../kit/pg-stats';

/** What one variant's calls came to, over all its rounds. Latencies in milliseconds. */
export interface CallFigures {
  calls: number;
  p50: number;
  p99: number;
  /** Calls per second of one process calling one at a time: calls over the time spent in them. */
  callsPerSecond: number;
  /** This process' CPU time (user + system) per call, in microseconds: the client-side cost, Postgres' excluded. */
  cpuMicrosPerCall: number;
  /** The database backends' CPU time per call, in microseconds, when it was measured (PostgresObserver); else NaN. */
  serverCpuMicrosPerCall: number;
}

/** Raw measurements of one variant, added to round after round. */
export interface CallSamples {
  latenciesMs: number[];
  seconds: number;
  cpuMicros: number;
  /** NaN once a round could not measure it. */
  serverCpuMicros: number;
}

export const noSamples = (): CallSamples => ({ latenciesMs: [], seconds: 0, cpuMicros: 0, serverCpuMicros: 0 });

/**
 * Runs `call` `count` times back to back, adding each latency, the elapsed time and this process' CPU time to
 * `samples`, and the database backends' CPU time when `serverCpu` (PostgresObserver.backendCpu) is given.
 */
export async function timeCalls(
  call: (i: number) => Promise<unknown>,
  count: number,
  samples: CallSamples,
  serverCpu?: () => Promise<Map<number, number> | null>,
): Promise<void> {
  const serverBefore = serverCpu ? await serverCpu() : null;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await call(i);
    samples.latenciesMs.push(performance.now() - t0);
  }
  samples.seconds += (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  samples.cpuMicros += cpu.user + cpu.system;
  const server = serverCpu ? backendCpuDelta(serverBefore, await serverCpu()) : null;
  samples.serverCpuMicros += server === null ? Number.NaN : server * 1_000_000;
}

export function callFigures(samples: CallSamples): CallFigures {
  const sorted = Float64Array.from(samples.latenciesMs).sort();
  const values = Array.from(sorted);
  const calls = values.length;
  return {
    calls,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    callsPerSecond: samples.seconds > 0 ? calls / samples.seconds : 0,
    cpuMicrosPerCall: calls > 0 ? samples.cpuMicros / calls : Number.NaN,
    serverCpuMicrosPerCall: calls > 0 ? samples.serverCpuMicros / calls : Number.NaN,
  };
}

/** TypeORM over raw SQL for each figure: above 1 means TypeORM is slower (or, for calls per second, faster). */
export function ratios(typeorm: CallFigures, raw: CallFigures): { p50: number; p99: number; callsPerSecond: number; cpuMicrosPerCall: number } {
  return {
    p50: typeorm.p50 / raw.p50,
    p99: typeorm.p99 / raw.p99,
    callsPerSecond: typeorm.callsPerSecond / raw.callsPerSecond,
    cpuMicrosPerCall: typeorm.cpuMicrosPerCall / raw.cpuMicrosPerCall,
  };
}
