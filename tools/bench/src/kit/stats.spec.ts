import { cpuRatio, judge } from '../rest-read/report';
import type { BenchRoute } from '../rest-read/routes';
import { bestRun, median, pairedP99Ratio, percentile, ratio, type RunFigures, spread, summarize } from './stats';

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

  it('judges the ratio per route, and the deep page against the first by the median of the per-round p99 ratios', () => {
    const results = [
      {
        route: route('first_page'),
        api: run(80, 10),
        baseline: run(100, 8),
        apiRuns: [run(80, 10), run(70, 30), run(75, 10)],
        baselineRuns: [run(100, 8), run(90, 8), run(95, 8)],
        responseBytes: 1,
      },
      {
        route: route('deep_page'),
        api: run(74, 12),
        baseline: run(100, 9),
        apiRuns: [run(74, 12), run(70, 33), run(60, 40)],
        baselineRuns: [run(100, 9), run(90, 8), run(95, 8)],
        responseBytes: 1,
      },
    ];
    const verdicts = judge(results);
    expect(verdicts.routes.map((r) => [r.ratio, r.pass])).toEqual([[0.8, true], [0.74, false]]);
    // Rounds 1.2, 1.1 and 4.0 (a disturbed third round): the median is 1.2.
    expect(verdicts.deepOverFirstP99ApiRounds.map((r) => Number(r.toFixed(2)))).toEqual([1.2, 1.1, 4]);
    expect(verdicts.deepOverFirstP99Api).toBeCloseTo(1.2);
    expect(verdicts.deepOverFirstP99Baseline).toBeCloseTo(1);
    expect(verdicts.deepPass).toBe(true);
    expect(verdicts.pass).toBe(false);
    expect(ratio(1, 0)).toBeNaN();
    expect(cpuRatio({ api: run(1, 1, 2), baseline: run(1, 1, 1.5) })).toBeCloseTo(0.75);
    expect(cpuRatio({ api: run(1), baseline: run(1, 1, 1.5) })).toBeNaN();
  });

  it('fails a deep page that is slower in most rounds, even when its best round is fast', () => {
    const first = [run(100, 10), run(100, 10), run(100, 10)];
    const deep = [run(100, 9), run(90, 13), run(90, 14)];
    expect(pairedP99Ratio(deep, first).median).toBeCloseTo(1.3);
  });

  it('takes the median of an odd or even number of values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(() => pairedP99Ratio([run(1)], [])).toThrow('paired rounds');
  });
});
