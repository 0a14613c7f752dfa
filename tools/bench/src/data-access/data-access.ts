import { CursorCodec } from '@cs/paging';
import type { Principal } from '@cs/domain';
import { createDataSource } from '@cs/persistence';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { DataSource } from 'typeorm';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { machineFacts, writeResults } from '../kit/results-file';
import { serviceUrls } from '../kit/service-urls';
import { type CallFigures, type CallSamples, callFigures, noSamples, ratios, timeCalls } from './call-timer';
import { prepareDataAccessDatabase } from './data-access-dataset';
import { catalogFirstPage, insertTagRaw } from './raw-sql-road';
import { BENCH_ENTITIES, insertTagTypeorm, listFirstPageTypeorm } from './typeorm-road';

export const DATA_ACCESS_COMMAND = benchCommand('data-access', {
  quick: '2,000 conversations, 3 rounds of 50 calls: a smoke test',
  flags: {
    conversations: { flag: '--conversations', full: 20_000, quick: 2_000, help: "conversations in the benchmark's workspace" },
    rounds: { flag: '--rounds', full: 10, quick: 3, help: 'rounds; each runs every variant once, raw SQL and TypeORM taking turns to go first' },
    calls: { flag: '--calls', full: 200, quick: 50, help: 'calls of each variant per round' },
    warmup: { flag: '--warmup', full: 200, quick: 20, min: 0, help: 'untimed calls of each variant first' },
  },
});
export type DataAccessOptions = OptionsOf<typeof DATA_ACCESS_COMMAND>;

type Out = (text: string) => void;

/** One operation done both ways. */
interface Comparison {
  name: string;
  raw: (i: number) => Promise<unknown>;
  typeorm: (i: number) => Promise<unknown>;
}

const PAGE_SIZE = 25;

/**
 * The same DataSource serves both roads (one pool, one statement at a time), with the four entity schemas the
 * TypeORM road needs registered on it; @cs/persistence's own DataSource has none.
 */
async function openBenchDataSource(url: string): Promise<DataSource> {
  const options = createDataSource({ url, poolSize: 2, applicationName: 'bench' }).options;
  return new DataSource({ ...options, entities: BENCH_ENTITIES }).initialize();
}

/** Both roads must return the very same envelope, or the comparison means nothing. */
async function assertSameResult(read: Comparison): Promise<void> {
  const [raw, typeorm] = [await read.raw(0), await read.typeorm(0)];
  const page = raw as { data?: unknown[] };
  if (page.data?.length !== PAGE_SIZE) throw new Error(`the catalog returned ${page.data?.length ?? 0} conversations, not ${PAGE_SIZE}`);
  const [a, b] = [JSON.stringify(raw), JSON.stringify(typeorm)];
  if (!isDeepStrictEqual(JSON.parse(a), JSON.parse(b))) {
    const at = [...a].findIndex((char, i) => char !== b[i]);
    throw new Error(`the TypeORM road returned another page than the catalog, from character ${at}:\nraw:     …${a.slice(Math.max(0, at - 200), at + 200)}\ntypeorm: …${b.slice(Math.max(0, at - 200), at + 200)}`);
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const row = (label: string, f: CallFigures) =>
  `  ${label.padEnd(8)} p50 ${ms(f.p50).padStart(9)}  p99 ${ms(f.p99).padStart(9)}  ${f.callsPerSecond.toFixed(0).padStart(6)} calls/s  ${f.cpuMicrosPerCall.toFixed(0).padStart(5)} µs CPU/call`;

/** `data-access`: see tools/bench/README.md. Returns the exit code. */
export async function runDataAccess(options: DataAccessOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const { databaseUrl } = serviceUrls();
  const dataset = await prepareDataAccessDatabase(databaseUrl, options.conversations, openBenchDataSource, log);
  const ds = dataset.dataSource;
  try {
    // One clock for both codecs: the cursors (expiry included) come out byte for byte the same.
    const secret = randomBytes(32).toString('hex');
    const issuedAt = new Date();
    const cursors = new CursorCodec(secret, () => issuedAt);
    const principal: Principal = dataset.principal;
    const catalogList = catalogFirstPage(ds, cursors);
    const runId = Date.now().toString(36);
    const comparisons: Comparison[] = [
      {
        name: `first page of ${PAGE_SIZE} conversations with tags and sources (GET /conversations)`,
        raw: () => catalogList(principal),
        typeorm: () => listFirstPageTypeorm(ds, cursors, principal, PAGE_SIZE),
      },
      {
        name: 'insert one tag',
        raw: (i) => insertTagRaw(ds, principal.workspaceId, `raw ${runId} ${i}`),
        typeorm: (i) => insertTagTypeorm(ds, principal.workspaceId, `orm ${runId} ${i}`),
      },
    ];
    await assertSameResult(comparisons[0]!);

    const samples = comparisons.map(() => ({ raw: noSamples(), typeorm: noSamples() }));
    let written = 0;
    for (const [c, comparison] of comparisons.entries()) {
      log(`warming up: ${comparison.name}`);
      const throwaway = { raw: noSamples(), typeorm: noSamples() };
      await timeCalls((i) => comparison.raw(written + i), options.warmup, throwaway.raw);
      await timeCalls((i) => comparison.typeorm(written + i), options.warmup, throwaway.typeorm);
      written += options.warmup;
      for (let round = 0; round < options.rounds; round++) {
        // Taking turns to go first spreads a noisy neighbour over both roads.
        const order: Array<'raw' | 'typeorm'> = round % 2 === 0 ? ['raw', 'typeorm'] : ['typeorm', 'raw'];
        for (const road of order) {
          const base = written;
          await timeCalls((i) => comparison[road](base + i), options.calls, samples[c]![road] as CallSamples);
        }
        written += options.calls;
      }
      log(`measured: ${comparison.name}`);
    }

    const loadAfter = loadavg()[0] ?? 0;
    const lines = [
      '',
      `data-access: raw SQL behind typed row mappers (what the product does) against TypeORM entities and QueryBuilder, Node ${process.version}`,
      `one workspace, ${dataset.conversations.toLocaleString('en-US')} conversations; ${options.rounds} rounds × ${options.calls} calls per variant, one call at a time on one pool`,
    ];
    const results: Record<string, object> = {};
    const headlines: string[] = [];
    for (const [c, comparison] of comparisons.entries()) {
      const raw = callFigures(samples[c]!.raw);
      const typeorm = callFigures(samples[c]!.typeorm);
      const ratio = ratios(typeorm, raw);
      lines.push(
        '',
        `## ${comparison.name}`,
        row('raw SQL', raw),
        row('TypeORM', typeorm),
        `  TypeORM/raw: p50 ${ratio.p50.toFixed(2)}×, p99 ${ratio.p99.toFixed(2)}×, calls/s ${ratio.callsPerSecond.toFixed(2)}×, CPU per call ${ratio.cpuMicrosPerCall.toFixed(2)}×`,
      );
      results[comparison.name] = { raw, typeorm, typeorm_over_raw: ratio };
      headlines.push(`${comparison.name}: TypeORM/raw p50 ${ratio.p50.toFixed(2)}×, calls/s ${ratio.callsPerSecond.toFixed(2)}×`);
    }
    lines.push('', `machine load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
    out(lines.join('\n'));
    const file = writeResults('data-access', startedAt, {
      benchmark: 'data-access',
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      quick: options.quick,
      options,
      dataset: { conversations: dataset.conversations, setup_seconds: dataset.setupSeconds },
      machine: machineFacts(null, loadBefore, loadAfter),
      comparisons: results,
    }, { quick: options.quick, figures: headlines.join('; ') });
    log(`results written to ${file}`);
    return 0;
  } finally {
    await ds.destroy();
  }
}
