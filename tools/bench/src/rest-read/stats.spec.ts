import { cpuRatio, judge } from './report';
import type { BenchRoute } from './routes';
import { bestRun, percentile, ratio, type RunFigures, spread, summarize } from './stats';

const run = (requestsPerSecond: number, p99 = 10, cpuMsPerRequest: number | null = null): RunFigures => ({
  requestsPerSecond,
  p50: 5,
  p99,
  requests: 100,
  failures: 0,
  durationSeconds: 10,
  cpuMsPerRequest,
  cpuBusy: null,
});
const route = (key: BenchRoute['key']): BenchRoute => ({ key, label: key, path: '/', description: key });

describe('benchmark figures', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
  });

  it('summarizes a run from unordered latencies', () => {
    const latencies = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(summarize(latencies, 0, 2)).toEqual({
      requestsPerSecond: 5,
      p50: 5,
      p99: 10,
      requests: 10,
      failures: 0,
      durationSeconds: 2,
      cpuMsPerRequest: null,
      cpuBusy: null,
    });
    // 1.5 s of server CPU over 2 s and 10 responses: 150 ms each, 75% of a core.
    expect(summarize(latencies, 0, 2, 1.5)).toMatchObject({ cpuMsPerRequest: 150, cpuBusy: 0.75 });
  });

  it('keeps the round with the most requests per second, with its own latencies', () => {
    expect(bestRun([run(100, 30), run(120, 20), run(110, 10)])).toEqual(run(120, 20));
    expect(() => bestRun([])).toThrow('no runs');
  });

  it('measures the spread between rounds', () => {
    expect(spread([run(100)])).toBe(0);
    expect(spread([run(80), run(100), run(90)])).toBeCloseTo(0.2);
  });

  it('judges the ratio per route and the deep page against the first', () => {
    const results = [
      { route: route('first_page'), api: run(80, 10), baseline: run(100, 8), apiRuns: [], baselineRuns: [], responseBytes: 1 },
      { route: route('deep_page'), api: run(74, 12), baseline: run(100, 9), apiRuns: [], baselineRuns: [], responseBytes: 1 },
    ];
    const verdicts = judge(results);
    expect(verdicts.routes.map((r) => [r.ratio, r.pass])).toEqual([[0.8, true], [0.74, false]]);
    expect(verdicts.deepOverFirstP99Api).toBeCloseTo(1.2);
    expect(verdicts.deepPass).toBe(true);
    expect(verdicts.pass).toBe(false);
    expect(ratio(1, 0)).toBeNaN();
    expect(cpuRatio({ api: run(1, 1, 2), baseline: run(1, 1, 1.5) })).toBeCloseTo(0.75);
    expect(cpuRatio({ api: run(1), baseline: run(1, 1, 1.5) })).toBeNaN();
  });
});
