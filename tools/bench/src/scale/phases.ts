import { percentile } from '../kit/stats';

/** What phases need of a request: when it started, how long it took, whether it failed. */
export interface TimedRequest {
  startedAt: number;
  ms: number;
  failed: boolean;
}

export interface PhaseFigures {
  phase: string;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/**
 * Figures of the requests started in each phase: `[from, to)` windows in ms since the epoch, named. Latency
 * percentiles (nearest rank) cover every request of the phase, failed ones too: a failure is not a fast answer.
 */
export function phaseFigures(requests: readonly TimedRequest[], phases: ReadonlyArray<{ phase: string; from: number; to: number }>): PhaseFigures[] {
  return phases.map(({ phase, from, to }) => {
    const inPhase = requests.filter((r) => r.startedAt >= from && r.startedAt < to);
    const latencies = inPhase.map((r) => r.ms).sort((a, b) => a - b);
    const seconds = Math.max(0, to - from) / 1000;
    return {
      phase,
      seconds,
      requests: inPhase.length,
      requestsPerSecond: seconds > 0 ? inPhase.length / seconds : 0,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures: inPhase.filter((r) => r.failed).length,
    };
  });
}
