import { availableParallelism, cpus, loadavg } from 'node:os';
import { Pool } from 'pg';
import { benchDatabase, generatedDatabaseFacts, postgresVersion } from '../kit/bench-database';
import { machineFacts, runFacts, writeResults } from '../kit/results-file';
import { benchCommand, durationFlag, type OptionsOf, REGENERATE_FLAG, WARMUP_FLAG } from '../kit/bench-args';
import { FULL_SHAPE, QUICK_SHAPE } from './dataset-generator';
import { ensureDataset } from './dataset';
import { explainRoutes } from './explain';
import { closedLoopMethod, loadRun } from '../kit/closed-loop';
import { fixed } from '../kit/table';
import { cpuRatio, formatPlans, formatResults, formatRuns, judge, type RouteResult, TARGETS } from './report';
import { benchRoutes, checkSameAnswers, PAGE_LIMIT, walkToDeepCursor } from './routes';
import { benchStart, type RunningServer } from '../kit/servers';
import { startApiAndBaseline } from './api-and-baseline';
import { bestRun, type RunFigures, spread, verdictWord } from '../kit/stats';


export const REST_READ_COMMAND = benchCommand('rest-read', {
  quick: `${QUICK_SHAPE.conversations.toLocaleString('en-US')} conversations (database ${benchDatabase('rest-read', true)}), 3 s per run, deep page 100 pages in: a smoke test; targets are reported, not enforced`,
  flags: {
    regenerate: REGENERATE_FLAG,
    connections: { flag: '--connections', full: 16, help: 'concurrent connections of the load generator' },
    durationSeconds: durationFlag(10, 3),
    warmupSeconds: WARMUP_FLAG,
    rounds: {
      flag: '--rounds',
      full: 3,
      help: 'rounds; each runs every route in turn, api then baseline; per route and server the best run (highest req/s) is kept, and deep/first p99 is the median of the per-round ratios',
    },
  },
});
export type RestReadOptions = OptionsOf<typeof REST_READ_COMMAND>;

type Out = (text: string) => void;

/** `rest-read`: see tools/bench/README.md. Returns the exit code. */
export async function runRestRead(options: RestReadOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'api');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;
  const shape = options.quick ? QUICK_SHAPE : FULL_SHAPE;
  const deepPages = options.quick ? 100 : 1_000;

  const dataset = await ensureDataset({
    serverUrl,
    database: benchDatabase('rest-read', options.quick),
    shape,
    regenerate: options.regenerate,
    log,
  });
  const { info } = dataset;
  if (info.visibleReadyForKeyUser <= deepPages * PAGE_LIMIT) {
    throw new Error(`the key's user sees ${info.visibleReadyForKeyUser} ready conversations: too few for a page ${deepPages} deep`);
  }

  const servers: RunningServer[] = [];
  const pool = new Pool({ connectionString: dataset.url, max: 2, application_name: 'bench' });
  try {
    const { api, baseline, pinning, cursorSecret } = await startApiAndBaseline(dataset.url, redisUrl, servers, log);

    const walkStarted = Date.now();
    const deep = await walkToDeepCursor(api.baseUrl, info.apiKey, deepPages);
    log(`walked ${deepPages} pages (${deep.skipped.toLocaleString('en-US')} conversations) through the api in ${((Date.now() - walkStarted) / 1000).toFixed(1)} s`);
    const routes = benchRoutes(info, deep.cursor, deepPages);
    const answers = await checkSameAnswers(routes, api.baseUrl, baseline.baseUrl, info.apiKey);
    log('api and baseline give the same answers on every route');

    const plans = await explainRoutes(pool, routes, info.apiKey, cursorSecret);

    const headers = { authorization: `Bearer ${info.apiKey}` };
    const measure = async (server: RunningServer, path: string): Promise<RunFigures> => {
      const url = `${server.baseUrl}${path}`;
      if (options.warmupSeconds > 0) await loadRun({ url, headers, connections: options.connections, durationSeconds: options.warmupSeconds });
      const run = await loadRun({
        url,
        headers,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        serverCpuSeconds: () => server.cpuSeconds(),
      });
      if (run.failures > 0) throw new Error(`${server.name} ${path}: ${run.failures} failed requests during the run`);
      return run;
    };
    const loadBefore = loadavg()[0] ?? 0;
    // Round by round, every route in turn (api, then baseline): round i of the first page and of the deep page run
    // back to back, so their p99s can be compared round by round (pairedP99Ratio), and no route gets all its
    // rounds in one bad minute of the machine.
    const runs = new Map(routes.map((route) => [route.key, { api: [] as RunFigures[], baseline: [] as RunFigures[] }]));
    for (let round = 0; round < options.rounds; round++) {
      for (const route of routes) {
        const routeRuns = runs.get(route.key) as { api: RunFigures[]; baseline: RunFigures[] };
        routeRuns.api.push(await measure(api, route.path));
        routeRuns.baseline.push(await measure(baseline, route.path));
        const [a, b] = [routeRuns.api.at(-1) as RunFigures, routeRuns.baseline.at(-1) as RunFigures];
        log(`round ${round + 1}/${options.rounds}, ${route.label}: api ${a.requestsPerSecond.toFixed(0)} req/s (p99 ${a.p99.toFixed(1)} ms), baseline ${b.requestsPerSecond.toFixed(0)} req/s (p99 ${b.p99.toFixed(1)} ms)`);
      }
    }
    const results: Omit<RouteResult, 'ratio' | 'pass'>[] = routes.map((route) => {
      const { api: apiRuns, baseline: baselineRuns } = runs.get(route.key) as { api: RunFigures[]; baseline: RunFigures[] };
      return { route, api: bestRun(apiRuns), baseline: bestRun(baselineRuns), apiRuns, baselineRuns, responseBytes: answers[route.key].bytes };
    });
    const loadAfter = loadavg()[0] ?? 0;
    const verdicts = judge(results);
    const enforce = !options.quick;

    const generation = dataset.generatedNow
      ? `generated now in ${dataset.generationSeconds.toFixed(1)} s`
      : `reused (generated ${dataset.generatedAt} in ${dataset.generationSeconds.toFixed(1)} s)`;
    const fmt = (n: number) => n.toLocaleString('en-US');
    out(
      [
        '',
        `rest-read (${shape.label}): ${fmt(info.counts.conversations)} conversations, ${fmt(info.counts.sources)} sources, ${fmt(info.counts.conversation_tags)} conversation tags, ${fmt(info.counts.folders)} folders, ${info.counts.workspaces} workspaces`,
        `dataset: database ${dataset.database}, ${generation} (target: under 300 s)`,
        `caller: workspace #0's API key; ${fmt(info.visibleReadyForKeyUser)} ready conversations visible to its user`,
        `servers: ${pinning.cpu === null ? 'UNPINNED' : `each pinned to CPU ${pinning.cpu} (taskset)`} of ${availableParallelism()} (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
        '  api: apps/api/dist/main.js, NODE_ENV=production, LOG_LEVEL=silent (pino-http still runs), DATABASE_POOL_SIZE default (10)',
        '  baseline: node:http + pg Pool(10) + the same ApiKeyResolver and Catalog from the libs (same SQL, same auth query, same cursor HMAC), JSON.stringify; no framework',
        `load: autocannon in the bench process (unpinned), ${options.connections} connections, ${options.warmupSeconds} s warm-up then ${options.durationSeconds} s measured per run; ${options.rounds} rounds, each running every route in turn, api then baseline; per route and server the best round (highest req/s) is kept with its own p50/p99; deep/first p99 is the median of the per-round ratios`,
        `machine load average (1 min): ${loadBefore.toFixed(2)} before the runs, ${loadAfter.toFixed(2)} after (the benchmark itself keeps it at 2 to 3)`,
        '',
        ...routes.map((r) => `  ${r.label}: ${r.description}; ${fmt(answers[r.key].bytes)} bytes${answers[r.key].items === null ? '' : `, ${answers[r.key].items} items`}`),
        '',
        formatResults(verdicts, enforce),
        '',
        'every run:',
        formatRuns(verdicts),
        '',
        'EXPLAIN (ANALYZE, BUFFERS) of every statement of each route (auth included):',
        formatPlans(plans, routes),
        '',
        `targets: api/baseline ≥ ${TARGETS.minThroughputRatio} on every route, deep-page p99 ≤ ${TARGETS.maxDeepOverFirstP99} × first-page p99: ${verdictWord(verdicts.pass, enforce)}`,
      ].join('\n'),
    );

    const json = {
      ...runFacts('rest-read', startedAt, options.quick, machineFacts(pinning.cpu, loadBefore, loadAfter), await postgresVersion(pool)),
      dataset: {
        ...generatedDatabaseFacts(dataset),
        visible_ready_for_key_user: info.visibleReadyForKeyUser,
        big_folder_descendants: info.bigFolderDescendants,
        popular_tag_conversations: info.popularTagConversations,
      },
      method: {
        ...closedLoopMethod(options),
        order: 'round-major: each round runs every route in turn, api then baseline',
        deep_over_first_p99: 'median over rounds of deep-page p99 / first-page p99 of the same round',
        baseline: 'node:http + pg Pool(10) + @cs/token-verification ApiKeyResolver + @cs/catalog Catalog, JSON.stringify',
        deep_page_pages_skipped: deepPages,
      },
      targets: TARGETS,
      routes: verdicts.routes.map((r) => ({
        key: r.route.key,
        label: r.route.label,
        description: r.route.description,
        response_bytes: r.responseBytes,
        api: r.api,
        baseline: r.baseline,
        api_runs: r.apiRuns,
        baseline_runs: r.baselineRuns,
        ratio: r.ratio,
        cpu_ratio: cpuRatio(r),
        spread: { api: spread(r.apiRuns), baseline: spread(r.baselineRuns) },
        pass: r.pass,
      })),
      deep_over_first_p99: {
        api: verdicts.deepOverFirstP99Api,
        baseline: verdicts.deepOverFirstP99Baseline,
        api_per_round: verdicts.deepOverFirstP99ApiRounds,
        baseline_per_round: verdicts.deepOverFirstP99BaselineRounds,
        pass: verdicts.deepPass,
      },
      plans,
      seq_scans: plans.flatMap((p) =>
        p.statements
          .filter((s) => s.seqScans.length > 0)
          .map((s) => ({ route: p.route, statement: s.label, tables: s.seqScans, watched_tables: s.watchedSeqScans })),
      ),
      pass: verdicts.pass,
    };
    const ratios = verdicts.routes.map((r) => r.ratio);
    const headline = {
      quick: options.quick,
      figures:
        `api/baseline req/s ${fixed(Math.min(...ratios), 2)}–${fixed(Math.max(...ratios), 2)} over the ${ratios.length} routes; ` +
        `deep page p99 ${fixed(verdicts.deepOverFirstP99Api, 2)}× the first page's: ${verdicts.pass ? 'met' : 'not met'}`,
    };
    out(`results: ${writeResults('rest-read', startedAt, json, headline)}`);
    return verdicts.pass || !enforce ? 0 : 3;
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await pool.end();
  }
}
