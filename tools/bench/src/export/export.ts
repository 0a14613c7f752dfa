import { loadavg } from 'node:os';
import { Pool } from 'pg';
import { benchCommand, type OptionsOf, REGENERATE_FLAG } from '../kit/bench-args';
import { benchDatabase, generatedDatabaseFacts, postgresVersion } from '../kit/bench-database';
import { loadRun } from '../kit/closed-loop';
import { machineFacts, runFacts, writeResults } from '../kit/results-file';
import { benchStart, type RunningServer } from '../kit/servers';
import { meetsMax, meetsMin, type RunFigures, verdictWord } from '../kit/stats';
import { fixed, table } from '../kit/table';
import { startApiAndBaseline } from '../rest-read/api-and-baseline';
import { type DatasetShape, FULL_SHAPE, QUICK_SHAPE } from '../rest-read/dataset-generator';
import { ensureDataset } from '../rest-read/dataset';
import { peakUntil, readExport, type StreamFigures } from './export-stream';

/**
 * The rest-read generator's million conversations, all in the key's workspace and none private, so one caller's
 * export is the whole million; transcripts hold their written segments, so each line carries segments as in use.
 */
const EXPORT_SHAPE: DatasetShape = { ...FULL_SHAPE, label: 'export', workspaceZeroConversations: FULL_SHAPE.conversations, privateShare: 0, transcriptInput: true };
const QUICK_EXPORT_SHAPE: DatasetShape = { ...QUICK_SHAPE, label: 'export-quick', workspaceZeroConversations: QUICK_SHAPE.conversations, privateShare: 0, transcriptInput: true };

export const EXPORT_TARGETS = {
  /** The api's lines/s over the framework-free baseline's, same SQL and writer. */
  minThroughputRatio: 0.8,
  /** The api's peak memory over the whole export against its peak over the first 10,000 lines, minus one. */
  maxMemoryGrowth: 0.1,
};

export const EXPORT_COMMAND = benchCommand('export', {
  quick: `${QUICK_EXPORT_SHAPE.conversations.toLocaleString('en-US')} conversations (database ${benchDatabase('export', true)}): a smoke test; targets reported, not enforced`,
  flags: {
    regenerate: REGENERATE_FLAG,
    rounds: { flag: '--rounds', full: 1, help: 'whole exports per server, api and baseline taking turns; the fastest of each is kept' },
    listConnections: { flag: '--list-connections', full: 8, help: 'closed-loop connections of the list load run beside an export' },
    listSeconds: { flag: '--list-seconds', full: 10, quick: 3, help: 'seconds of each list load run, alone and beside an export' },
  },
});
export type ExportOptions = OptionsOf<typeof EXPORT_COMMAND>;

type Out = (text: string) => void;

interface Throughput {
  linesPerSecond: number;
  megabytesPerSecond: number;
  /** Server CPU seconds per 1,000 lines. */
  cpuMsPerLine: number | null;
}

const throughputOf = (figures: StreamFigures, cpuSeconds: number | null): Throughput => ({
  linesPerSecond: figures.lines / figures.seconds,
  megabytesPerSecond: figures.bytes / 1e6 / figures.seconds,
  cpuMsPerLine: cpuSeconds === null ? null : (cpuSeconds * 1000) / figures.lines,
});

/** One whole export through `server`, with its CPU time and memory samples. */
async function wholeExport(server: RunningServer, apiKey: string): Promise<{ figures: StreamFigures; throughput: Throughput }> {
  const cpuBefore = server.cpuSeconds();
  const figures = await readExport({ baseUrl: server.baseUrl, apiKey, serverPid: server.pid });
  const cpuAfter = server.cpuSeconds();
  if (!figures.complete) throw new Error(`${server.name}: the export ended without its end line after ${figures.lines} lines`);
  return { figures, throughput: throughputOf(figures, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore) };
}

const MiB = 1024 * 1024;

/** The highest memory sampled in each tenth of an export of `total` lines. */
function trajectoryOf(samples: readonly [number, number][], total: number): number[] {
  return Array.from({ length: 10 }, (_, tenth) => {
    const inTenth = samples.filter(([lines]) => lines > (tenth * total) / 10 && lines <= ((tenth + 1) * total) / 10).map(([, bytes]) => bytes);
    return inTenth.length === 0 ? Number.NaN : Math.max(...inTenth);
  });
}

/** `export`: see tools/bench/README.md. Returns the exit code. */
export async function runExport(options: ExportOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'api');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;
  const shape = options.quick ? QUICK_EXPORT_SHAPE : EXPORT_SHAPE;
  const dataset = await ensureDataset({
    serverUrl,
    database: benchDatabase('export', options.quick),
    shape,
    regenerate: options.regenerate,
    log,
  });
  const { apiKey } = dataset.info;
  const servers: RunningServer[] = [];
  const pool = new Pool({ connectionString: dataset.url, max: 1, application_name: 'bench' });
  try {
    const { api, baseline, pinning } = await startApiAndBaseline(dataset.url, redisUrl, servers, log);
    const loadBefore = loadavg()[0] ?? 0;

    // Warm-up, unmeasured: each server's code and pools warm, its heap grown as a stream makes it grow.
    for (const server of [api, baseline]) await readExport({ baseUrl: server.baseUrl, apiKey, stopAfterLines: 20_000 });

    const runs = { api: [] as Awaited<ReturnType<typeof wholeExport>>[], baseline: [] as Awaited<ReturnType<typeof wholeExport>>[] };
    for (let round = 0; round < options.rounds; round++) {
      for (const [name, server] of [['api', api], ['baseline', baseline]] as const) {
        const run = await wholeExport(server, apiKey);
        runs[name].push(run);
        log(`round ${round + 1}/${options.rounds}, ${name}: ${run.figures.lines.toLocaleString('en-US')} lines in ${run.figures.seconds.toFixed(1)} s, ${run.throughput.linesPerSecond.toFixed(0)} lines/s, ${run.throughput.megabytesPerSecond.toFixed(1)} MB/s`);
      }
    }
    const best = (list: typeof runs.api) => list.reduce((a, b) => (b.throughput.linesPerSecond > a.throughput.linesPerSecond ? b : a));
    const apiBest = best(runs.api);
    const baselineBest = best(runs.baseline);
    const ratio = apiBest.throughput.linesPerSecond / baselineBest.throughput.linesPerSecond;

    // Memory as the export grows: its peak until 10k, 100k lines and the end, in the api's first export (a process
    // that had streamed only the warm-up) and in one more export after all of them (a process that has streamed
    // millions of lines, as a replica up for a while). V8 sizes its heap to the work it sees during the first seconds
    // of sustained allocation, so the first shows that growth and the second what the export's length adds.
    const total = apiBest.figures.lines;
    const milestones = [10_000, 100_000].filter((n) => n < total).concat(total);
    const memoryOf = (samples: [number, number][]) => {
      const peaks = milestones.map((lines) => ({ lines, peakBytes: peakUntil(samples, lines) }));
      return { milestones: peaks, growth: peaks[peaks.length - 1]!.peakBytes / peaks[0]!.peakBytes - 1, trajectory: trajectoryOf(samples, total) };
    };
    const fresh = memoryOf(runs.api[0]!.figures.memory);
    const warmRun = await wholeExport(api, apiKey);
    log(`api again, warm: ${warmRun.figures.lines.toLocaleString('en-US')} lines, ${warmRun.throughput.linesPerSecond.toFixed(0)} lines/s`);
    const warm = memoryOf(warmRun.figures.memory);

    // The list's latency alone, then beside an export of the same caller, on the api's one core.
    const listUrl = `${api.baseUrl}/api/v1/conversations?limit=25`;
    const headers = { authorization: `Bearer ${apiKey}` };
    const list = (): Promise<RunFigures> => loadRun({ url: listUrl, headers, connections: options.listConnections, durationSeconds: options.listSeconds });
    await list();
    const alone = await list();
    const stopBeside = new AbortController();
    const beside = readExport({ baseUrl: api.baseUrl, apiKey, signal: stopBeside.signal });
    // Under way (past its first batches) before the list is measured beside it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const during = await list();
    stopBeside.abort();
    const besideFigures = await beside;

    // Compression: the first 20,000 lines, as gzip and as sent.
    const zipped = await readExport({ baseUrl: api.baseUrl, apiKey, gzip: true, stopAfterLines: 20_000 });
    const loadAfter = loadavg()[0] ?? 0;

    const pass = {
      throughput: meetsMin(ratio, EXPORT_TARGETS.minThroughputRatio),
      memoryFresh: meetsMax(fresh.growth, EXPORT_TARGETS.maxMemoryGrowth),
      memoryWarm: meetsMax(warm.growth, EXPORT_TARGETS.maxMemoryGrowth),
    };
    const enforce = !options.quick;
    const fmt = (n: number) => n.toLocaleString('en-US');
    const tp = (t: Throughput) => [fixed(t.linesPerSecond, 0), fixed(t.megabytesPerSecond, 1), t.cpuMsPerLine === null ? 'n/a' : fixed(t.cpuMsPerLine, 3)];
    out(
      [
        '',
        `export (${shape.label}): ${fmt(dataset.info.counts.conversations)} conversations, ${fmt(dataset.info.counts.sources)} sources, all visible to the key's user (workspace #0, none private), transcripts with their segments`,
        `servers: api and baseline ${pinning.cpu === null ? 'UNPINNED' : `each pinned to CPU ${pinning.cpu} (taskset)`}; baseline: node:http + pg Pool(10) + the same ApiKeyResolver, Catalog.exportConversations (same SQL) and NDJSON writer, no framework`,
        `client: node:http in the bench process, counting lines without parsing, identity encoding; ${options.rounds} whole export(s) per server, taking turns, the fastest kept`,
        `machine load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`,
        '',
        table(
          ['server', 'lines', 'seconds', 'lines/s', 'MB/s', 'CPU ms/line'],
          [
            ['api', fmt(apiBest.figures.lines), fixed(apiBest.figures.seconds, 1), ...tp(apiBest.throughput)],
            ['baseline', fmt(baselineBest.figures.lines), fixed(baselineBest.figures.seconds, 1), ...tp(baselineBest.throughput)],
          ],
        ),
        '',
        `api/baseline lines/s: ${fixed(ratio, 2)} (target ≥ ${EXPORT_TARGETS.minThroughputRatio}): ${verdictWord(pass.throughput, enforce)}`,
        '',
        table(
          ['api peak resident memory until line', 'fresh process, MiB', 'warm process, MiB'],
          milestones.map((lines, i) => [fmt(lines), fixed(fresh.milestones[i]!.peakBytes / MiB, 1), fixed(warm.milestones[i]!.peakBytes / MiB, 1)]),
        ),
        '',
        `memory growth, whole export over the first ${fmt(milestones[0]!)} lines (target ≤ ${EXPORT_TARGETS.maxMemoryGrowth * 100}%): ` +
          `fresh process ${fixed(fresh.growth * 100, 1)}%: ${verdictWord(pass.memoryFresh, enforce)}; warm process ${fixed(warm.growth * 100, 1)}%: ${verdictWord(pass.memoryWarm, enforce)}`,
        `peak resident memory per tenth of the export, MiB, fresh: ${fresh.trajectory.map((b) => fixed(b / MiB, 0)).join(' ')}; warm: ${warm.trajectory.map((b) => fixed(b / MiB, 0)).join(' ')}`,
        '',
        table(
          ['GET /conversations?limit=25', 'req/s', 'p50 ms', 'p99 ms'],
          [
            ['alone', fixed(alone.requestsPerSecond, 0), fixed(alone.p50, 1), fixed(alone.p99, 1)],
            ['beside an export', fixed(during.requestsPerSecond, 0), fixed(during.p50, 1), fixed(during.p99, 1)],
          ],
        ),
        `p99 beside an export / alone: ${fixed(during.p99 / alone.p99, 2)}; ${options.listConnections} connections, ${options.listSeconds} s each (no target)`,
        `gzip: the first ${fmt(zipped.lines)} lines are ${fixed(zipped.bytes / zipped.wireBytes, 1)}× smaller on the wire (${fixed(zipped.wireBytes / MiB, 1)} MiB for ${fixed(zipped.bytes / MiB, 1)} MiB)`,
        `the export beside it: ${fmt(besideFigures.lines)} lines in ${fixed(besideFigures.seconds, 1)} s${besideFigures.complete ? ' (it ended before the list run did: a longer export would weigh more)' : ''}`,
      ].join('\n'),
    );

    const headline =
      `api/baseline lines/s ${fixed(ratio, 2)} (${fixed(apiBest.throughput.linesPerSecond, 0)} lines/s, ${fixed(apiBest.throughput.megabytesPerSecond, 1)} MB/s); ` +
      `peak memory from ${fmt(milestones[0]!)} to ${fmt(total)} lines +${fixed(fresh.growth * 100, 1)}% in a fresh process, +${fixed(warm.growth * 100, 1)}% in a warm one; ` +
      `list p99 ×${fixed(during.p99 / alone.p99, 2)} beside an export: ${Object.values(pass).every(Boolean) ? 'met' : 'not met'}`;
    const json = {
      ...runFacts('export', startedAt, options.quick, machineFacts(pinning.cpu, loadBefore, loadAfter), await postgresVersion(pool)),
      dataset: generatedDatabaseFacts(dataset),
      targets: EXPORT_TARGETS,
      method: { rounds: options.rounds, selection: 'fastest whole export per server', list_connections: options.listConnections, list_seconds: options.listSeconds },
      throughput: { api: apiBest.throughput, baseline: baselineBest.throughput, ratio, api_runs: runs.api.map((r) => r.throughput), baseline_runs: runs.baseline.map((r) => r.throughput) },
      lines: total,
      memory: { fresh, warm, samples: apiBest.figures.memory.length },
      list: { alone, beside_export: during, p99_ratio: during.p99 / alone.p99, export_lines_meanwhile: besideFigures.lines, export_seconds: besideFigures.seconds },
      gzip: { lines: zipped.lines, bytes: zipped.bytes, wire_bytes: zipped.wireBytes },
      pass,
    };
    const file = writeResults('export', startedAt, json, { quick: options.quick, figures: headline });
    log(`results: ${file}`);
    return enforce && !Object.values(pass).every(Boolean) ? 1 : 0;
  } finally {
    await pool.end();
    for (const server of servers) await server.stop();
  }
}
