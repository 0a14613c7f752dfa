#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCHMARKS } from './benchmarks';
import { ROOT, SUMMARIES_DIR } from './kit/results-file';
import { benchmarkTable, readSummaries, withBenchmarkTable } from './readme-table';

/** `npx nx run bench:readme`: rewrites the root README's benchmark table from tools/bench/results/. */
const file = join(ROOT, 'README.md');
const before = readFileSync(file, 'utf8');
const after = withBenchmarkTable(before, benchmarkTable(BENCHMARKS, readSummaries(SUMMARIES_DIR, Object.keys(BENCHMARKS))));
writeFileSync(file, after);
process.stdout.write(after === before ? 'README.md: the benchmark table was up to date\n' : 'README.md: benchmark table rewritten\n');
