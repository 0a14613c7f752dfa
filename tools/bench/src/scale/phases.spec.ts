import { phaseFigures } from './phases';

describe('phaseFigures (scale benchmark: before, during and after the restarts)', () => {
  const at = (startedAt: number, ms: number, failed = false) => ({ startedAt, ms, failed });

  it('puts each request in the phase it started in, with its rate, percentiles and failures', () => {
    const requests = [at(0, 10), at(500, 20), at(999, 30), at(1_000, 100, true), at(1_500, 200), at(3_000, 5)];
    const [before, during, after] = phaseFigures(requests, [
      { phase: 'before', from: 0, to: 1_000 },
      { phase: 'during', from: 1_000, to: 3_000 },
      { phase: 'after', from: 3_000, to: 4_000 },
    ]);
    expect(before).toEqual({ phase: 'before', seconds: 1, requests: 3, requestsPerSecond: 3, p50: 20, p99: 30, failures: 0 });
    expect(during).toEqual({ phase: 'during', seconds: 2, requests: 2, requestsPerSecond: 1, p50: 100, p99: 200, failures: 1 });
    expect(after).toMatchObject({ requests: 1, p50: 5, p99: 5 });
  });

  it('reports an empty phase as no requests, without percentiles', () => {
    const [empty] = phaseFigures([], [{ phase: 'before', from: 0, to: 2_000 }]);
    expect(empty).toMatchObject({ requests: 0, requestsPerSecond: 0, failures: 0 });
    expect(empty!.p50).toBeNaN();
  });
});
