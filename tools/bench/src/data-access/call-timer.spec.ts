import { callFigures, noSamples, ratios, timeCalls } from './call-timer';

describe('call figures', () => {
  it('takes nearest-rank percentiles and calls per second over the time spent calling', () => {
    const samples = { latenciesMs: Array.from({ length: 100 }, (_, i) => 100 - i), seconds: 2, cpuMicros: 5_000, serverCpuMicros: 10_000 };
    expect(callFigures(samples)).toEqual({ calls: 100, p50: 50, p99: 99, callsPerSecond: 50, cpuMicrosPerCall: 50, serverCpuMicrosPerCall: 100 });
  });

  it('has no rate and no CPU per call without calls', () => {
    const figures = callFigures(noSamples());
    expect(figures.calls).toBe(0);
    expect(figures.callsPerSecond).toBe(0);
    expect(figures.cpuMicrosPerCall).toBeNaN();
  });

  it('divides TypeORM by raw SQL figure by figure', () => {
    const raw = { calls: 10, p50: 2, p99: 4, callsPerSecond: 500, cpuMicrosPerCall: 100, serverCpuMicrosPerCall: Number.NaN };
    const typeorm = { calls: 10, p50: 3, p99: 10, callsPerSecond: 250, cpuMicrosPerCall: 300, serverCpuMicrosPerCall: Number.NaN };
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
    expect(callFigures(samples).serverCpuMicrosPerCall).toBeNaN(); // not measured without a reader
  });

  it("adds the backends' CPU between the first and last call, a backend that started in between counting from zero", async () => {
    const samples = noSamples();
    const readings = [new Map([[1, 2.0]]), new Map([[1, 2.5], [2, 0.25]])];
    await timeCalls(async () => undefined, 5, samples, async () => readings.shift() ?? null);
    expect(samples.serverCpuMicros).toBe(750_000);
    expect(callFigures(samples).serverCpuMicrosPerCall).toBe(150_000);
  });

  it('marks the backends\' CPU unmeasured once a reading fails', async () => {
    const samples = noSamples();
    await timeCalls(async () => undefined, 2, samples, async () => null);
    expect(callFigures(samples).serverCpuMicrosPerCall).toBeNaN();
  });
});
