import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSummary } from './kit/results-file';

/** What the table says of a benchmark besides its latest run. */
export interface TableEntry {
  summary: string;
  target: string;
}

/** The committed summary of each benchmark's latest run (tools/bench/results/<name>.json); null where there is none. */
export function readSummaries(dir: string, names: readonly string[]): Record<string, RunSummary | null> {
  return Object.fromEntries(
    names.map((name) => {
      const file = join(dir, `${name}.json`);
      return [name, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunSummary) : null];
    }),
  );
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** "2026-12-05 00:41 UTC, quick, load 1.2 → 2.5: <figures>": when, at what size and how busy the machine was. */
function latestRun(summary: RunSummary | null): string {
  if (!summary) return 'no run recorded yet';
  const when = `${summary.started_at.slice(0, 10)} ${summary.started_at.slice(11, 16)} UTC`;
  const [before, after] = summary.load_average;
  return `${when}${summary.quick ? ', **quick**' : ''}, load ${before.toFixed(1)} → ${after.toFixed(1)}: ${summary.figures}`;
}

/** The root README's benchmark table: a row per benchmark, its latest run's figures with their date. */
export function benchmarkTable(entries: Record<string, TableEntry>, summaries: Record<string, RunSummary | null>): string {
  const rows = Object.entries(entries).map(([name, entry]) => `| \`${name}\` | ${cell(entry.summary)} | ${cell(latestRun(summaries[name] ?? null))} | ${cell(entry.target)} |`);
  return ['| Benchmark | Measures | Latest run | Target |', '|---|---|---|---|', ...rows].join('\n');
}

const TABLE_HEADER = '| Benchmark | Measures |';

/** `readme` with its benchmark table (the lines from its header row to the first line not in the table) replaced. */
export function withBenchmarkTable(readme: string, table: string): string {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.startsWith(TABLE_HEADER));
  if (start < 0) throw new Error(`README.md has no benchmark table (a line starting "${TABLE_HEADER}")`);
  let end = start;
  while (end < lines.length && (lines[end] as string).startsWith('|')) end++;
  return [...lines.slice(0, start), table, ...lines.slice(end)].join('\n');
}
