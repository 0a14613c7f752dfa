import { fixed } from '../kit/table';
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { loadMeetings, timedTurns } from '@cs/meeting-corpus';
import { poolQueryable, SESSION_OPTIONS } from '@cs/persistence';
import { ApiKeyResolver } from '@cs/token-verification';
import { Pool } from 'pg';
import { benchCommand, durationFlag, type OptionsOf, REGENERATE_FLAG, WARMUP_FLAG } from '../kit/bench-args';
import { benchDatabase, generatedDatabaseFacts, postgresVersion } from '../kit/bench-database';
import { machineFacts, ROOT, runFacts, writeResults } from '../kit/results-file';
import { benchStart, type RunningServer } from '../kit/servers';
import { startApiAndBaseline } from '../rest-read/api-and-baseline';
import { closedLoopMethod } from '../kit/closed-loop';
import { bestRun, type RunFigures, verdictWord } from '../kit/stats';
import { bulkIndex } from './bulk-index';
import { classLoadRun } from './class-load';
import { ensureCorpus, type PreparedCorpus } from './corpus';
import { seededRandom } from '@cs/testing';
import { FULL_CORPUS, prepareMeetings, QUICK_CORPUS } from './corpus-generator';
import { measureFreshness } from './freshness';
import { type BenchQuery, CLASS_DESCRIPTIONS, drawQueries, listPath, QUERY_CLASSES, type QueryClass, searchPath } from './queries';
import { type ExplainedStatement, explainQueries, firstOfEachClass, SEARCH_WATCHED_TABLES, watchedSeqScans } from './search-explain';
import {
  type ClassResult,
  formatClassResults,
  formatPlans,
  formatSlowest,
  formatRuns,
  judgeClass,
  megabytes,
  ROUTE_LABELS,
  QUESTION_TARGETS,
  SEARCH_TARGETS,
  type SearchRoute,
  summarizeFreshness,
} from './search-report';

/** The seed of the 280 queries: the same corpus gives the same queries in every run. */
const QUERY_SEED = 15;
/** How many of the slowest queries per class and route the report names. */
const SLOWEST_SHOWN = 3;

const withoutPlan = ({ plan: _plan, ...statement }: ExplainedStatement): Omit<ExplainedStatement, 'plan'> => statement;

export const SEARCH_COMMAND = benchCommand('search', {
  quick: `${QUICK_CORPUS.conversations.toLocaleString('en-US')} conversations (database ${benchDatabase('search', true)}), 2 s runs, one round: a smoke test; targets are reported, not enforced`,
  flags: {
    regenerate: { ...REGENERATE_FLAG, help: 'drop, generate and index the corpus even when a complete one is there' },
    connections: { flag: '--connections', full: 4, help: 'concurrent connections of the load generator' },
    durationSeconds: durationFlag(8, 2, 'seconds measured per class, route and server'),
    warmupSeconds: WARMUP_FLAG,
    rounds: { flag: '--rounds', full: 2, quick: 1, help: 'rounds; each runs every class and route, api then baseline; the best round (req/s) is kept' },
    freshnessSamples: { flag: '--freshness', full: 20, quick: 5, help: 'conversations made ready and polled with /search until they appear' },
    plansOnly: { flag: '--plans-only', switch: true, help: 'only EXPLAIN ANALYZE every query, one at a time, and report the slowest and any sequential scan (no servers, no load)' },
  },
});
export type SearchBenchOptions = OptionsOf<typeof SEARCH_COMMAND>;

type Out = (text: string) => void;

const diskFree = (): string => {
  try {
    return execFileSync('df', ['-h', '--output=avail,pcent', ROOT], { encoding: 'utf8' }).trim().split('\n').at(-1)?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
};

interface Answer {
  hits: number;
  body: string;
}

/** Both servers' first page of every query and route, which must be the same. */
async function checkSameAnswers(
  queries: readonly BenchQuery[],
  api: RunningServer,
  baseline: RunningServer,
  apiKey: string,
): Promise<Map<BenchQuery, Record<SearchRoute, Answer>>> {
  const headers = { authorization: `Bearer ${apiKey}` };
  const get = async (server: RunningServer, path: string): Promise<Answer> => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${server.name} ${path} answered ${response.status}: ${body.slice(0, 500)}`);
    return { hits: (JSON.parse(body) as { data: unknown[] }).data.length, body: JSON.stringify((JSON.parse(body) as { data: unknown[] }).data) };
  };
  const answers = new Map<BenchQuery, Record<SearchRoute, Answer>>();
  for (const query of queries) {
    const entry = {} as Record<SearchRoute, Answer>;
    for (const [route, path] of [['search', searchPath(query)], ['list', listPath(query)]] as const) {
      const [a, b] = await Promise.all([get(api, path), get(baseline, path)]);
      if (a.body !== b.body) throw new Error(`api and baseline answer ${path} differently`);
      entry[route] = a;
    }
    answers.set(query, entry);
  }
  return answers;
}

/** `search`: see tools/bench/README.md. Returns the exit code. */
export async function runSearch(options: SearchBenchOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'api');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;
  const shape = options.quick ? QUICK_CORPUS : FULL_CORPUS;
  log(`disk before: ${diskFree()} free on the volume of the repository (df)`);
  const corpus: PreparedCorpus = await ensureCorpus({
    serverUrl,
    database: benchDatabase('search', options.quick),
    shape,
    regenerate: options.regenerate,
    indexer: (url, indexLog) => bulkIndex(url, indexLog),
    log,
  });
  const { info } = corpus;
  log(`disk after: ${diskFree()} free; the database holds ${megabytes(corpus.storage.databaseBytes)}`);

  const meetings = prepareMeetings([...loadMeetings('train'), ...loadMeetings('val')], timedTurns);
  const queries = drawQueries(
    { meetings, folders: info.folders, tags: info.tags, memberNames: info.memberNames, firstCreatedAt: info.firstCreatedAt, lastCreatedAt: info.lastCreatedAt },
    seededRandom(QUERY_SEED),
  );
  const byClass = new Map<QueryClass, BenchQuery[]>(QUERY_CLASSES.map((c) => [c, queries.filter((q) => q.class === c)]));

  const servers: RunningServer[] = [];
  // Plans are taken as the service runs its statements, with its planner settings (@cs/persistence's SESSION_OPTIONS).
  const pool = new Pool({ connectionString: corpus.url, max: 2, application_name: 'bench', options: SESSION_OPTIONS });
  try {
    const resolver = new ApiKeyResolver(poolQueryable(pool));
    const principal = await resolver.resolve(info.apiKey);
    await resolver.settled();
    const plansStarted = Date.now();
    const plans = await explainQueries(pool, principal, queries);
    log(`EXPLAIN ANALYZE of all ${queries.length} queries on both routes (${((Date.now() - plansStarted) / 1000).toFixed(1)} s)`);
    const seqScans = watchedSeqScans(plans);
    const plansClean = seqScans.length === 0;
    const firsts = firstOfEachClass(plans);
    const slowest = `EXPLAIN ANALYZE of every query, alone: the median and the ${SLOWEST_SHOWN} slowest per class and route (the sum of the route's statements)\n${formatSlowest(plans, QUERY_CLASSES, SLOWEST_SHOWN)}`;
    const scansLine =
      `sequential scans on ${SEARCH_WATCHED_TABLES.join(', ')} in the plans of all ${queries.length} queries: ` +
      `${plansClean ? 'none' : seqScans.map((s) => `${s.class} ${JSON.stringify(s.q)} ${s.statement}: ${s.tables.join(', ')}`).join('; ')}`;
    if (options.plansOnly) {
      out(['', slowest, '', scansLine].join('\n'));
      // The diagnostic run keeps every query's full plans, to read why a query is slow.
      const json = { benchmark: 'search', mode: 'plans-only', started_at: startedAt.toISOString(), corpus: corpus.database, plans, seq_scans: seqScans, pass: plansClean };
      out(`results: ${writeResults('search', startedAt, json)}`);
      return plansClean ? 0 : 3;
    }

    // rest-read's baseline server answers /api/v1/search and `q` on the list with the same libs.
    const { api, baseline, pinning } = await startApiAndBaseline(corpus.url, redisUrl, servers, log);

    const checkStarted = Date.now();
    const answers = await checkSameAnswers(queries, api, baseline, info.apiKey);
    log(`api and baseline give the same first page for all ${queries.length} queries on both routes (${((Date.now() - checkStarted) / 1000).toFixed(1)} s)`);

    const headers = { authorization: `Bearer ${info.apiKey}` };
    const measure = async (server: RunningServer, paths: string[]): Promise<RunFigures> => {
      if (options.warmupSeconds > 0) await classLoadRun({ baseUrl: server.baseUrl, paths, headers, connections: options.connections, durationSeconds: options.warmupSeconds });
      const run = await classLoadRun({
        baseUrl: server.baseUrl,
        paths,
        headers,
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        serverCpuSeconds: () => server.cpuSeconds(),
      });
      if (run.failures > 0) throw new Error(`${server.name}: ${run.failures} failed requests during a run (by status: ${JSON.stringify(run.failedStatuses)})`);
      return run;
    };
    const loadBefore = loadavg()[0] ?? 0;
    const routes: SearchRoute[] = ['search', 'list'];
    const runs = new Map<string, { api: RunFigures[]; baseline: RunFigures[] }>();
    for (let round = 0; round < options.rounds; round++) {
      for (const queryClass of QUERY_CLASSES) {
        for (const route of routes) {
          const classQueries = byClass.get(queryClass) ?? [];
          const paths = classQueries.map((q) => (route === 'search' ? searchPath(q) : listPath(q)));
          const key = `${queryClass}/${route}`;
          const entry = runs.get(key) ?? { api: [], baseline: [] };
          runs.set(key, entry);
          entry.api.push(await measure(api, paths));
          entry.baseline.push(await measure(baseline, paths));
          const [a, b] = [entry.api.at(-1) as RunFigures, entry.baseline.at(-1) as RunFigures];
          log(
            `round ${round + 1}/${options.rounds}, ${queryClass} ${ROUTE_LABELS[route]}: api ${a.requestsPerSecond.toFixed(0)} req/s p50 ${a.p50.toFixed(1)} p99 ${a.p99.toFixed(1)} ms, ` +
              `baseline ${b.requestsPerSecond.toFixed(0)} req/s p50 ${b.p50.toFixed(1)} p99 ${b.p99.toFixed(1)} ms`,
          );
        }
      }
    }
    const loadAfter = loadavg()[0] ?? 0;
    const results: ClassResult[] = QUERY_CLASSES.flatMap((queryClass) =>
      routes.map((route) => {
        const entry = runs.get(`${queryClass}/${route}`) as { api: RunFigures[]; baseline: RunFigures[] };
        return judgeClass({ class: queryClass, route, api: bestRun(entry.api), baseline: bestRun(entry.baseline), apiRuns: entry.api, baselineRuns: entry.baseline });
      }),
    );

    log(`making ${options.freshnessSamples} conversations ready and polling /search until each appears`);
    const freshness = await measureFreshness({ databaseUrl: corpus.url, apiBaseUrl: api.baseUrl, apiKey: info.apiKey, principal, samples: options.freshnessSamples });
    const fresh = summarizeFreshness(freshness);

    const enforce = !options.quick;
    const targetsMet = results.every((r) => r.pass);
    const freshnessOk = fresh.missing === 0;
    const pass = targetsMet && plansClean && freshnessOk;
    const fmt = (n: number) => n.toLocaleString('en-US');
    const millionWords = info.transcriptWords / 1e6;
    const ginBytes = corpus.storage.ginIndexes.reduce((sum, g) => sum + g.bytes, 0);
    const hitsOf = (queryClass: QueryClass, route: SearchRoute) => {
      const list = (byClass.get(queryClass) ?? []).map((q) => answers.get(q)?.[route].hits ?? 0);
      return `${list.filter((n) => n > 0).length}/${list.length} with hits`;
    };
    const generation = corpus.generatedNow
      ? `generated and indexed now in ${corpus.generationSeconds.toFixed(0)} s`
      : `reused (generated ${corpus.generatedAt} in ${corpus.generationSeconds.toFixed(0)} s)`;
    out(
      [
        '',
        `search (${shape.label}): ${fmt(info.counts.conversations)} conversations (${fmt(info.visibleReadyForKeyUser)} ready ones visible to the caller), ${fmt(info.counts.sources)} sources, ` +
          `${millionWords.toFixed(1)} M transcript words, ${info.counts.workspaces} workspaces, ${fmt(info.counts.folders)} folders, ${fmt(info.counts.tags)} tags`,
        `corpus: database ${corpus.database}, ${generation}; ${megabytes(corpus.storage.databaseBytes)} on disk`,
        `indexing: ${fmt(corpus.storage.passages)} passages by @cs/search's indexConversations in ${corpus.indexing.indexSeconds.toFixed(0)} s, ` +
          `their indexes built in ${corpus.indexing.buildSeconds.toFixed(0)} s (${((corpus.indexing.indexSeconds + corpus.indexing.buildSeconds) / millionWords).toFixed(2)} s per million words)`,
        `index size: GIN ${megabytes(ginBytes)} (${megabytes(ginBytes / millionWords)} per million words: ${corpus.storage.ginIndexes.map((g) => `${g.name} ${megabytes(g.bytes)}`).join(', ')}); ` +
          `search_passages ${megabytes(corpus.storage.passagesTableBytes)} + all its indexes ${megabytes(corpus.storage.passagesIndexBytes)} ` +
          `(${megabytes((corpus.storage.passagesTableBytes + corpus.storage.passagesIndexBytes) / millionWords)} per million words); sources ${megabytes(corpus.storage.sourcesTableBytes)}`,
        `caller: workspace #0's API key; servers ${pinning.cpu === null ? 'UNPINNED' : `each pinned to CPU ${pinning.cpu} (taskset)`} of ${availableParallelism()} (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
        '  api: apps/api/dist/main.js, NODE_ENV=production, LOG_LEVEL=silent; baseline: node:http + pg Pool(10) + the same ApiKeyResolver, Search (@cs/search) and Catalog (@cs/catalog)',
        `load: autocannon, ${options.connections} connections, each class's 40 queries in turn; ${options.warmupSeconds} s warm-up then ${options.durationSeconds} s per class, route and server; ${options.rounds} round(s), best kept`,
        `machine load average (1 min): ${loadBefore.toFixed(2)} before the runs, ${loadAfter.toFixed(2)} after`,
        '',
        ...QUERY_CLASSES.map((c) => `  ${c}: ${CLASS_DESCRIPTIONS[c]}; search ${hitsOf(c, 'search')}, list ${hitsOf(c, 'list')}`),
        '',
        formatClassResults(results, enforce),
        '',
        `ready → searchable (${fresh.samples} conversations made ready through ProcessingStore.saveReady, then /search polled through the api): ` +
          `p50 ${fresh.p50Ms.toFixed(1)} ms, max ${fresh.maxMs.toFixed(1)} ms, median ${fresh.medianPolls} poll(s)${fresh.missing > 0 ? `; ${fresh.missing} NOT searchable within ${freshness.timeoutMs / 1000} s` : ''}`,
        '',
        'every run:',
        formatRuns(results),
        '',
        `EXPLAIN (ANALYZE, BUFFERS) of the first query of each class, every statement of /search and of the list with q:`,
        formatPlans(firsts),
        '',
        slowest,
        '',
        scansLine,
        `targets: p50 ≤ ${SEARCH_TARGETS.maxP50Ms} ms, p99 ≤ ${SEARCH_TARGETS.maxP99Ms} ms (questions and keywords: ${QUESTION_TARGETS.maxP50Ms} and ${QUESTION_TARGETS.maxP99Ms} ms), api/baseline ≥ ${SEARCH_TARGETS.minThroughputRatio} on every class and route; no sequential scan on the big tables; every probe searchable: ` +
          verdictWord(pass, enforce),
      ].join('\n'),
    );

    const json = {
      ...runFacts('search', startedAt, options.quick, machineFacts(pinning.cpu, loadBefore, loadAfter), await postgresVersion(pool)),
      corpus: {
        ...generatedDatabaseFacts(corpus),
        transcript_words: info.transcriptWords,
        content_chars: info.contentChars,
        visible_ready_for_key_user: info.visibleReadyForKeyUser,
        indexing: corpus.indexing,
        storage: corpus.storage,
        gin_bytes_per_million_words: ginBytes / millionWords,
        passages_bytes_per_million_words: (corpus.storage.passagesTableBytes + corpus.storage.passagesIndexBytes) / millionWords,
      },
      method: {
        ...closedLoopMethod(options),
        baseline: 'node:http + pg Pool(10) + ApiKeyResolver + @cs/search Search + @cs/catalog Catalog, JSON.stringify',
        query_seed: QUERY_SEED,
      },
      targets: { default: SEARCH_TARGETS, questions: QUESTION_TARGETS },
      queries: queries.map((q) => ({ ...q, hits: { search: answers.get(q)?.search.hits, list: answers.get(q)?.list.hits } })),
      results: results.map(({ apiRuns, baselineRuns, ...r }) => ({ ...r, api_runs: apiRuns, baseline_runs: baselineRuns })),
      freshness: { ...fresh, timeout_ms: freshness.timeoutMs, samples_ms: freshness.samples.map((s) => s.readyToSearchableMs) },
      // Every query's statements with their timing and scans; the full plan text of the first of each class only.
      plans: plans.map((p) => (firsts.includes(p) ? p : { ...p, search: p.search.map(withoutPlan), list: p.list.map(withoutPlan) })),
      seq_scans: seqScans,
      pass,
    };
    const headline = {
      quick: options.quick,
      figures:
        `${info.counts.conversations.toLocaleString('en-US')} conversations (${(info.transcriptWords / 1e6).toFixed(0)} M words), api p50 / p99 ms, \`/search\` and list \`q\`: ` +
        QUERY_CLASSES.map((c) => `${c} ${results.filter((r) => r.class === c).map((r) => `${fixed(r.api.p50, 1)} / ${fixed(r.api.p99, 0)}`).join(' and ')}`).join(', ') +
        `; api/baseline ${fixed(Math.min(...results.map((r) => r.ratio)), 2)}–${fixed(Math.max(...results.map((r) => r.ratio)), 2)}; ` +
        `GIN ${fixed(ginBytes / millionWords / 1e6, 1)} MB per million words; ready → searchable p50 ${fixed(fresh.p50Ms, 1)} ms; ` +
        `${plansClean ? 'no sequential scan' : `${seqScans.length} plans with a sequential scan`}: ${pass ? 'met' : 'not met'}`,
    };
    out(`results: ${writeResults('search', startedAt, json, headline)}`);
    return pass || !enforce ? 0 : 3;
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await pool.end();
  }
}
