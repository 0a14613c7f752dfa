import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join, relative, resolve } from 'node:path';

/** The repository root (this file is compiled to tools/bench/dist/kit/). */
export const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** What every results file says about the machine a run measured. */
export function machineFacts(pinnedCpu: number | null, loadBefore: number, loadAfter: number) {
  return {
    cpus: availableParallelism(),
    cpu_model: cpus()[0]?.model ?? null,
    node: process.version,
    pinned_cpu: pinnedCpu,
    load_average_before: loadBefore,
    load_average_after: loadAfter,
  };
}

/** Writes a run's results to .data/bench/<benchmark>-<start time>.json; returns the path relative to the repo. */
export function writeResults(benchmark: string, startedAt: Date, results: object): string {
  const dir = join(ROOT, '.data', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${benchmark}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return relative(ROOT, file);
}
