import { fixed, table } from '../kit/table';
import { median, meetsMax, meetsMin, percentile, ratio, type RunFigures } from '../kit/stats';
import type { FreshnessFigures } from './freshness';
import { CLASS_DESCRIPTIONS, type QueryClass } from './queries';
import { executionMs, type QueryPlans } from './search-explain';

/** The issue's targets, per query class and route, on this machine. */
export const SEARCH_TARGETS = {
  maxP50Ms: 30,
  maxP99Ms: 150,
  /** api req/s divided by baseline req/s. */
  minThroughputRatio: 0.8,
} as const;

/** Questions and their keywords rank many words each (issue 32): their own latency targets. */
export const QUESTION_TARGETS = { ...SEARCH_TARGETS, maxP50Ms: 50, maxP99Ms: 250 } as const;

/** The targets a class is judged on. */
export const targetsOf = (queryClass: QueryClass): typeof SEARCH_TARGETS | typeof QUESTION_TARGETS =>
  queryClass === 'questions' || queryClass === 'keywords' ? QUESTION_TARGETS : SEARCH_TARGETS;

export type SearchRoute = 'search' | 'list';
export const ROUTE_LABELS: Record<SearchRoute, string> = { search: 'GET /api/v1/search', list: 'GET /api/v1/conversations?q=' };

export interface ClassResult {
  class: QueryClass;
  route: SearchRoute;
  api: RunFigures;
  baseline: RunFigures;
  apiRuns: RunFigures[];
  baselineRuns: RunFigures[];
  ratio: number;
  p50Pass: boolean;
  p99Pass: boolean;
  ratioPass: boolean;
  pass: boolean;
}

/** Judges a class on the api's best round (highest req/s, with its own p50/p99), as rest-read does. */
export function judgeClass(
  r: Pick<ClassResult, 'class' | 'route' | 'api' | 'baseline' | 'apiRuns' | 'baselineRuns'>,
): ClassResult {
  const value = ratio(r.api.requestsPerSecond, r.baseline.requestsPerSecond);
  const targets = targetsOf(r.class);
  const p50Pass = meetsMax(r.api.p50, targets.maxP50Ms);
  const p99Pass = meetsMax(r.api.p99, targets.maxP99Ms);
  const ratioPass = meetsMin(value, SEARCH_TARGETS.minThroughputRatio);
  return { ...r, ratio: value, p50Pass, p99Pass, ratioPass, pass: p50Pass && p99Pass && ratioPass };
}

/** Requests per second: whole numbers, with a decimal below 10 (a class at 0.4 req/s is not "0"). */
const rate = (n: number): string => fixed(n, n < 10 ? 1 : 0);

export function formatClassResults(results: readonly ClassResult[], enforce: boolean): string {
  const mark = (pass: boolean) => (pass ? 'ok' : enforce ? 'FAIL' : 'miss');
  return table(
    ['class', 'route', 'api req/s', 'api p50 ms', 'api p99 ms', 'baseline req/s', 'baseline p50 ms', 'baseline p99 ms', 'api/baseline', 'p50 target', 'p99 target', 'ratio ≥ 0.8'],
    results.map((r) => [
      r.class,
      ROUTE_LABELS[r.route],
      rate(r.api.requestsPerSecond),
      fixed(r.api.p50, 1),
      fixed(r.api.p99, 1),
      rate(r.baseline.requestsPerSecond),
      fixed(r.baseline.p50, 1),
      fixed(r.baseline.p99, 1),
      fixed(r.ratio, 2),
      `≤ ${targetsOf(r.class).maxP50Ms}: ${mark(r.p50Pass)}`,
      `≤ ${targetsOf(r.class).maxP99Ms}: ${mark(r.p99Pass)}`,
      mark(r.ratioPass),
    ]),
    [0, 1, 9, 10, 11],
  );
}

export function formatRuns(results: readonly ClassResult[]): string {
  const run = (f: RunFigures) =>
    `${rate(f.requestsPerSecond)} req/s p50 ${fixed(f.p50, 1)} p99 ${fixed(f.p99, 1)}${f.cpuMsPerRequest === null ? '' : ` cpu ${fixed(f.cpuMsPerRequest, 2)} ms/req (${fixed((f.cpuBusy ?? 0) * 100, 0)}% of the core)`}`;
  return results
    .map((r) => `  ${r.class} ${ROUTE_LABELS[r.route]}\n${r.apiRuns.map((f, i) => `    round ${i + 1} api      ${run(f)}\n    round ${i + 1} baseline ${run(r.baselineRuns[i] as RunFigures)}`).join('\n')}`)
    .join('\n');
}

const describe = (p: QueryPlans): string =>
  `q=${JSON.stringify(p.query.q)}${Object.keys(p.query.filters).length > 0 ? ` ${JSON.stringify(p.query.filters)}` : ''}`;

export function formatPlans(plans: readonly QueryPlans[]): string {
  return plans
    .map((p) =>
      [
        `### ${p.class}: ${describe(p)} (${CLASS_DESCRIPTIONS[p.class]})`,
        ...[...p.search, ...p.list].map(
          (s) =>
            `-- ${s.label}: ${fixed(s.executionMs ?? Number.NaN, 2)} ms${s.watchedSeqScans.length > 0 ? `, SEQ SCAN on ${s.watchedSeqScans.join(', ')}` : ''}\n${s.sql}\n${s.plan}`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * Per class and route, the `count` queries whose statements took longest under EXPLAIN ANALYZE (one query at a
 * time, nothing else running): where a p99 comes from.
 */
export function formatSlowest(plans: readonly QueryPlans[], classes: readonly QueryClass[], count: number): string {
  return classes
    .flatMap((queryClass) =>
      (['search', 'list'] as const).map((route) => {
        const ofClass = plans.filter((p) => p.class === queryClass).map((p) => ({ p, ms: executionMs(p[route]) }));
        const times = ofClass.map((x) => x.ms).sort((a, b) => a - b);
        const slowest = ofClass.sort((a, b) => b.ms - a.ms).slice(0, count);
        return (
          `  ${queryClass} ${ROUTE_LABELS[route]}: median ${fixed(median(times), 1)} ms; slowest ` +
          slowest.map(({ p, ms }) => `${fixed(ms, 1)} ms ${describe(p)}`).join(', ')
        );
      }),
    )
    .join('\n');
}

export interface FreshnessSummary {
  samples: number;
  missing: number;
  p50Ms: number;
  maxMs: number;
  medianPolls: number;
}

export function summarizeFreshness(f: FreshnessFigures): FreshnessSummary {
  const times = f.samples.map((s) => s.readyToSearchableMs).sort((a, b) => a - b);
  return {
    samples: f.samples.length + f.missing,
    missing: f.missing,
    p50Ms: percentile(times, 50),
    maxMs: times.at(-1) ?? Number.NaN,
    medianPolls: median(f.samples.map((s) => s.polls)),
  };
}

export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
