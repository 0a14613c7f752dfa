import { summarize } from '../rest-read/stats';
import { judgeClass, summarizeFreshness } from './search-report';

const run = (latencies: number[], seconds = 1) => summarize(latencies, 0, seconds);

describe('search benchmark verdicts', () => {
  it('passes a class only when p50, p99 and the api/baseline ratio all meet their targets', () => {
    const fast = run(Array.from({ length: 100 }, (_, i) => 5 + i / 10));
    const base = { class: 'rare' as const, route: 'search' as const, apiRuns: [fast], baselineRuns: [fast] };
    expect(judgeClass({ ...base, api: fast, baseline: fast })).toMatchObject({ ratio: 1, pass: true });
    const slowMedian = run(Array.from({ length: 100 }, () => 31));
    expect(judgeClass({ ...base, api: slowMedian, baseline: slowMedian })).toMatchObject({ p50Pass: false, p99Pass: true, pass: false });
    const slowTail = run([...Array.from({ length: 98 }, () => 5), 151, 151]);
    expect(judgeClass({ ...base, api: slowTail, baseline: slowTail })).toMatchObject({ p50Pass: true, p99Pass: false, pass: false });
    // Same latencies, but the api answered 79% of the baseline's requests per second.
    const baseline = run(Array.from({ length: 100 }, () => 5));
    const api = run(Array.from({ length: 79 }, () => 5));
    expect(judgeClass({ ...base, api, baseline })).toMatchObject({ ratioPass: false, pass: false });
  });

  it('summarizes ready-to-searchable samples, counting the missing ones', () => {
    const summary = summarizeFreshness({
      samples: [
        { conversationId: 'a', readyToSearchableMs: 12, polls: 1 },
        { conversationId: 'b', readyToSearchableMs: 30, polls: 2 },
        { conversationId: 'c', readyToSearchableMs: 18, polls: 1 },
      ],
      missing: 1,
      timeoutMs: 10_000,
    });
    expect(summary).toEqual({ samples: 4, missing: 1, p50Ms: 18, maxMs: 30, medianPolls: 1 });
  });
});
