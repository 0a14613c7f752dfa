import { callFigures, noSamples, ratios, timeCalls } from './call-timer';

describe('call figures', () => {
  it('takes nearest-rank percentiles and calls per second over the time spent calling', () => {
    const samples = { latenciesMs: Array.from({ length: 100 }, (_, i) => 100 - i), seconds: 2, cpuMicros: 5_000 };
    expect(callFigures(samples)).toEqual({ calls: 100, p50: 50, p99: 99, callsPerSecond: 50, cpuMicrosPerCall: 50 });
  });

  it('has no rate and no CPU per call without calls', () => {
    const figures = callFigures(noSamples());
    expect(figures.calls).toBe(0);
    expect(figures.callsPerSecond).toBe(0);
    expect(figures.cpuMicrosPerCall).toBeNaN();
  });

  it('divides TypeORM by raw SQL figure by figure', () => {
    const raw = { calls: 10, p50: 2, p99: 4, callsPerSecond: 500, cpuMicrosPerCall: 100 };
    const typeorm = { calls: 10, p50: 3, p99: 10, callsPerSecond: 250, cpuMicrosPerCall: 300 };
    expect(ratios(typeorm, raw)).toEqual({ p50: 1.5, p99: 2.5, callsPerSecond: 0.5, cpuMicrosPerCall: 3 });
  });

  it('adds every call of every round to the samples', async () => {
    const samples = noSamples();
    const seen: number[] = [];
    await timeCalls(async (i) => seen.push(i), 3, samples);
    await timeCalls(async (i) => seen.push(i), 2, samples);
    expect(seen).toEqual([0, 1, 2, 0, 1]);
    expect(samples.latenciesMs).toHaveLength(5);
    expect(samples.seconds).toBeGreaterThan(0);
  });
});
