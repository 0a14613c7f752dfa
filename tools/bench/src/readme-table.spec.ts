import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCHMARKS } from './benchmarks';
import { ROOT, type RunSummary, SUMMARIES_DIR } from './kit/results-file';
import { benchmarkTable, readSummaries, withBenchmarkTable } from './readme-table';

describe("the root README's benchmark table", () => {
  it('is what `npx nx run bench:readme` makes of the committed run summaries (run it after committing a run)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = benchmarkTable(BENCHMARKS, readSummaries(SUMMARIES_DIR, Object.keys(BENCHMARKS)));
    expect(readme).toContain(table);
    expect(withBenchmarkTable(readme, table)).toBe(readme);
  });

  it('has a row per benchmark with its latest run, dated, quick runs marked', () => {
    const summary: RunSummary = { benchmark: 'a', started_at: '2026-12-05T00:41:07.000Z', load_average: [1.23, 2.5], quick: true, figures: 'p50 | p99' };
    const table = benchmarkTable({ a: { summary: 'what a does', target: '≤ 1' }, b: { summary: 'what b does', target: 'none' } }, { a: summary, b: null });
    expect(table.split('\n')).toEqual([
      '| Benchmark | Measures | Latest run | Target |',
      '|---|---|---|---|',
      '| `a` | what a does | 2026-12-05 00:41 UTC, **quick**, load 1.2 → 2.5: p50 \\| p99 | ≤ 1 |',
      '| `b` | what b does | no run recorded yet | none |',
    ]);
    expect(withBenchmarkTable('# x\n\n| Benchmark | Measures | old |\n|---|\n| `a` | old |\n\nafter\n', table)).toBe(`# x\n\n${table}\n\nafter\n`);
  });
});
