/** Figures of one load run against one server and route. Latencies in milliseconds. */
export interface RunFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** 2xx responses counted. */
  requests: number;
  /** Non-2xx responses and connection errors: any of them invalidates the run. */
  failures: number;
  durationSeconds: number;
  /** Server CPU time per 2xx response, in ms (null when it could not be read). */
  cpuMsPerRequest: number | null;
  /** Share of one core the server used during the run (1 = a whole core). */
  cpuBusy: number | null;
}

/**
 * Nearest-rank percentile (the smallest value with at least p% of the values at or below it), the
 * definition HDR histograms and most load tools use. `sorted` must be in ascending order.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

/** Turns the raw latencies of a run (any order), and the server's CPU time during it, into its figures. */
export function summarize(latenciesMs: readonly number[], failures: number, durationSeconds: number, serverCpuSeconds: number | null = null): RunFigures {
  const sorted = Float64Array.from(latenciesMs).sort();
  const values = Array.from(sorted);
  return {
    requestsPerSecond: durationSeconds > 0 ? values.length / durationSeconds : 0,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    requests: values.length,
    failures,
    durationSeconds,
    cpuMsPerRequest: serverCpuSeconds === null || values.length === 0 ? null : (serverCpuSeconds * 1000) / values.length,
    cpuBusy: serverCpuSeconds === null || durationSeconds <= 0 ? null : serverCpuSeconds / durationSeconds,
  };
}

/**
 * The run kept out of several rounds of the same server and route: the one with the most requests per
 * second. Noise on a shared machine (another process, a GC pause, a checkpoint) only ever slows a run
 * down, so the best run is the closest to what the server can do; its own p50/p99 go with it.
 */
export function bestRun(runs: readonly RunFigures[]): RunFigures {
  const [first, ...rest] = runs;
  if (!first) throw new Error('no runs');
  return rest.reduce((best, run) => (run.requestsPerSecond > best.requestsPerSecond ? run : best), first);
}

/** The median (the mean of the two middle values for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * p99 of one route over p99 of another, round by round, and the median of those ratios. The runs must come
 * from the same interleaved rounds (round i of both measured back to back), so each ratio compares two runs
 * made under the same conditions of the machine: a disturbance that lasts a few seconds spoils one round's
 * ratio, not the verdict. A route that is genuinely slower is slower in every round, so the median shows it
 * as fully as any single round would.
 */
export function pairedP99Ratio(numerator: readonly RunFigures[], denominator: readonly RunFigures[]): { perRound: number[]; median: number } {
  if (numerator.length !== denominator.length) throw new Error(`paired rounds differ in number: ${numerator.length} and ${denominator.length}`);
  const perRound = numerator.map((run, i) => ratio(run.p99, (denominator[i] as RunFigures).p99));
  return { perRound, median: median(perRound) };
}

/** How far apart rounds of one server and route are: (max − min) / max of their req/s; 0 for one round. */
export function spread(runs: readonly RunFigures[]): number {
  if (runs.length < 2) return 0;
  const rates = runs.map((r) => r.requestsPerSecond);
  const max = Math.max(...rates);
  return max > 0 ? (max - Math.min(...rates)) / max : 0;
}

/** Above this spread the machine was busy with something else during the runs, and the figures say so. */
export const NOISY_SPREAD = 0.15;

/** a / b, NaN when b is not positive. */
export function ratio(a: number, b: number): number {
  return b > 0 ? a / b : Number.NaN;
}

export const meetsMin = (value: number, min: number): boolean => Number.isFinite(value) && value >= min;
export const meetsMax = (value: number, max: number): boolean => Number.isFinite(value) && value <= max;

/** A target's verdict in a report: a quick run's misses are shown, not enforced. */
export const verdictWord = (pass: boolean, enforced: boolean): string => (pass ? 'PASS' : enforced ? 'FAIL' : 'not met (quick run: not enforced)');
