import { summarize } from '../kit/stats';
import type { QueryPlans } from './search-explain';
import { formatSlowest, judgeClass, summarizeFreshness } from './search-report';

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

  it('names the slowest queries of each class and route by the sum of their statements', () => {
    const statement = (ms: number) => ({ label: 's', sql: '', plan: '', executionMs: ms, seqScans: [], watchedSeqScans: [] });
    const plans = (q: string, search: number[], list: number[]): QueryPlans => ({
      class: 'phrase',
      query: { class: 'phrase', q, filters: {} },
      search: search.map(statement),
      list: list.map(statement),
    });
    const text = formatSlowest([plans('"a b"', [1, 2], [9]), plans('"c d"', [40, 1], [1]), plans('"e f"', [5], [2])], ['phrase'], 2);
    expect(text.split('\n')).toEqual([
      '  phrase GET /api/v1/search: median 5.0 ms; slowest 41.0 ms q="\\"c d\\"", 5.0 ms q="\\"e f\\""',
      '  phrase GET /api/v1/conversations?q=: median 2.0 ms; slowest 9.0 ms q="\\"a b\\"", 2.0 ms q="\\"e f\\""',
    ]);
  });
});
