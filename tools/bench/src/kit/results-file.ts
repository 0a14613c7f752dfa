import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';

/** The repository root (this file is compiled to tools/bench/dist/kit/). */
export const ROOT = resolve(__dirname, '..', '..', '..', '..');

/** Where each benchmark's latest run summary is kept, committed: what the root README's table is made from. */
export const SUMMARIES_DIR = join(ROOT, 'tools', 'bench', 'results');

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

/** The first fields of a results file: which benchmark, when, at what size, on what machine, on which Postgres. */
export function runFacts(benchmark: string, startedAt: Date, quick: boolean, machine: ReturnType<typeof machineFacts>, postgres: string | null) {
  return { benchmark, started_at: startedAt.toISOString(), finished_at: new Date().toISOString(), quick, machine, postgres };
}

/** A run's headline, as the root README's table shows it. */
export interface RunHeadline {
  /** A smoke-test size (`--quick` or a partial run) rather than the benchmark's full size. */
  quick: boolean;
  /** The figures that answer the benchmark's targets, in one line. */
  figures: string;
}

/** The committed summary of a benchmark's latest run: tools/bench/results/<benchmark>.json. */
export interface RunSummary extends RunHeadline {
  benchmark: string;
  started_at: string;
  /** One-minute load average when the run started and when it ended: how busy the machine was. */
  load_average: [number, number];
}

/**
 * Writes a run's results to .data/bench/<benchmark>-<start time>.json and, given its headline, its summary to
 * tools/bench/results/<benchmark>.json; returns the results file's path relative to the repo.
 */
export function writeResults(benchmark: string, startedAt: Date, results: object, headline?: RunHeadline): string {
  const dir = join(ROOT, '.data', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${benchmark}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  if (headline) {
    const machine = (results as { machine?: { load_average_before?: number; load_average_after?: number } }).machine;
    const loadNow = loadavg()[0] as number;
    const summary: RunSummary = {
      benchmark,
      started_at: startedAt.toISOString(),
      load_average: [round2(machine?.load_average_before ?? loadNow), round2(machine?.load_average_after ?? loadNow)],
      ...headline,
    };
    mkdirSync(SUMMARIES_DIR, { recursive: true });
    writeFileSync(join(SUMMARIES_DIR, `${benchmark}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  }
  return relative(ROOT, file);
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
