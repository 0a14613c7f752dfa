import { fixed, table } from '../kit/table';
import type { StatementPlan } from '../kit/explain';
import type { RoutePlans } from './explain';
import type { BenchRoute, RouteKey } from './routes';
import { meetsMax, meetsMin, NOISY_SPREAD, pairedP99Ratio, ratio, type RunFigures, spread } from '../kit/stats';

export const TARGETS = {
  /** api req/s divided by baseline req/s, on every route. */
  minThroughputRatio: 0.75,
  /** p99 of the deep page divided by p99 of the first page (api): the median of the per-round ratios. */
  maxDeepOverFirstP99: 1.2,
} as const;

export interface RouteResult {
  route: BenchRoute;
  api: RunFigures;
  baseline: RunFigures;
  apiRuns: RunFigures[];
  baselineRuns: RunFigures[];
  ratio: number;
  pass: boolean;
  responseBytes: number;
}

export interface Verdicts {
  routes: RouteResult[];
  /** Median over the rounds of deep-page p99 / first-page p99 (the rounds are interleaved: see pairedP99Ratio). */
  deepOverFirstP99Api: number;
  deepOverFirstP99Baseline: number;
  /** The ratio of each round, in round order. */
  deepOverFirstP99ApiRounds: number[];
  deepOverFirstP99BaselineRounds: number[];
  deepPass: boolean;
  pass: boolean;
}

export function judge(results: Omit<RouteResult, 'ratio' | 'pass'>[]): Verdicts {
  const routes = results.map((r) => {
    const value = ratio(r.api.requestsPerSecond, r.baseline.requestsPerSecond);
    return { ...r, ratio: value, pass: meetsMin(value, TARGETS.minThroughputRatio) };
  });
  const byKey = (key: RouteKey) => routes.find((r) => r.route.key === key);
  const first = byKey('first_page');
  const deep = byKey('deep_page');
  const none = { perRound: [], median: Number.NaN };
  const api = first && deep ? pairedP99Ratio(deep.apiRuns, first.apiRuns) : none;
  const baseline = first && deep ? pairedP99Ratio(deep.baselineRuns, first.baselineRuns) : none;
  const deepPass = meetsMax(api.median, TARGETS.maxDeepOverFirstP99);
  return {
    routes,
    deepOverFirstP99Api: api.median,
    deepOverFirstP99Baseline: baseline.median,
    deepOverFirstP99ApiRounds: api.perRound,
    deepOverFirstP99BaselineRounds: baseline.perRound,
    deepPass,
    pass: deepPass && routes.every((r) => r.pass),
  };
}

/** The figures as a Markdown table (readable as it is on a terminal, pasteable in an issue). */
export function formatResults(verdicts: Verdicts, enforceTargets: boolean): string {
  const verdict = (pass: boolean) => (pass ? 'PASS' : enforceTargets ? 'FAIL' : 'fail (quick: not enforced)');
  const rows = verdicts.routes.map((r) => [
    r.route.label,
    fixed(r.api.requestsPerSecond, 0),
    fixed(r.api.p50, 2),
    fixed(r.api.p99, 2),
    fixed(r.baseline.requestsPerSecond, 0),
    fixed(r.baseline.p50, 2),
    fixed(r.baseline.p99, 2),
    fixed(r.ratio, 2),
    verdict(r.pass),
  ]);
  const main = table(
    ['route', 'api req/s', 'api p50 ms', 'api p99 ms', 'baseline req/s', 'baseline p50 ms', 'baseline p99 ms', 'api/baseline', `≥ ${TARGETS.minThroughputRatio}`],
    rows,
    [0, 8],
  );
  const rounds = (values: number[]) => values.map((v) => fixed(v, 2)).join(', ');
  const deep = table(
    ['', 'api (median)', 'api per round', 'baseline (median)', 'baseline per round', `target ≤ ${TARGETS.maxDeepOverFirstP99}`],
    [
      [
        'deep-page p99 / first-page p99',
        fixed(verdicts.deepOverFirstP99Api, 2),
        rounds(verdicts.deepOverFirstP99ApiRounds),
        fixed(verdicts.deepOverFirstP99Baseline, 2),
        rounds(verdicts.deepOverFirstP99BaselineRounds),
        verdict(verdicts.deepPass),
      ],
    ],
    [0, 2, 4, 5],
  );
  const deepNote =
    'Each round measures every route back to back, so round i of the deep page and of the first page ran under the same ' +
    'conditions; the target applies to the median of the per-round ratios (a deep page that is genuinely slower is slower in every round).';
  const cpuRows = verdicts.routes.map((r) => [
    r.route.label,
    fixedOrNa(r.api.cpuMsPerRequest, 2),
    percentOrNa(r.api.cpuBusy),
    fixedOrNa(r.baseline.cpuMsPerRequest, 2),
    percentOrNa(r.baseline.cpuBusy),
    fixed(cpuRatio(r), 2),
  ]);
  const cpu = table(
    ['route', 'api CPU ms/req', 'api core busy', 'baseline CPU ms/req', 'baseline core busy', 'baseline/api CPU'],
    cpuRows,
  );
  const cpuNote =
    'Server CPU per request (informational, not a target): where a server\'s core is not saturated, its req/s is bounded by Postgres ' +
    'and the load generator on the other core(s), and the req/s ratio understates the framework\'s cost; baseline/api CPU per request ' +
    'is what that ratio would be if the server\'s own core were the bottleneck.';
  const noisy = verdicts.routes.filter((r) => Math.max(spread(r.apiRuns), spread(r.baselineRuns)) > NOISY_SPREAD);
  const warning =
    noisy.length === 0
      ? ''
      : `\n\nWARNING: the rounds of one server differ by more than ${NOISY_SPREAD * 100}% in req/s on ${noisy.map((r) => `${r.route.label} (api ${pct(spread(r.apiRuns))}, baseline ${pct(spread(r.baselineRuns))})`).join(', ')}: something else was using the machine; re-run on a quiet machine for figures to rely on.`;
  return `${main}\n\n${deep}\n${deepNote}\n\n${cpu}\n${cpuNote}${warning}`;
}

/** Baseline CPU per request over the api's: the api/baseline throughput ratio a CPU-bound server would show. */
export function cpuRatio(r: Pick<RouteResult, 'api' | 'baseline'>): number {
  return r.api.cpuMsPerRequest === null || r.baseline.cpuMsPerRequest === null ? Number.NaN : ratio(r.baseline.cpuMsPerRequest, r.api.cpuMsPerRequest);
}

const fixedOrNa = (n: number | null, digits: number): string => (n === null ? 'n/a' : fixed(n, digits));
const percentOrNa = (n: number | null): string => (n === null ? 'n/a' : `${(n * 100).toFixed(0)}%`);

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;

/** Every measured run, so the spread between rounds is visible. */
export function formatRuns(verdicts: Verdicts): string {
  const rows: string[][] = [];
  for (const r of verdicts.routes) {
    const runs = (server: string, list: RunFigures[]) =>
      list.forEach((run, i) =>
        rows.push([
          r.route.label,
          server,
          String(i + 1),
          fixed(run.requestsPerSecond, 0),
          fixed(run.p50, 2),
          fixed(run.p99, 2),
          String(run.requests),
          fixedOrNa(run.cpuMsPerRequest, 2),
          percentOrNa(run.cpuBusy),
        ]),
      );
    runs('api', r.apiRuns);
    runs('baseline', r.baselineRuns);
  }
  return table(['route', 'server', 'round', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'CPU ms/req', 'core busy'], rows, [0, 1]);
}

export function formatPlans(plans: readonly RoutePlans[], routes: readonly BenchRoute[]): string {
  const lines: string[] = [];
  const label = (key: RouteKey) => routes.find((r) => r.key === key)?.label ?? key;
  const withSeqScan = plans.flatMap((p) => p.statements.filter((s) => s.seqScans.length > 0).map((s) => ({ route: p.route, s })));
  const scans = (s: StatementPlan) =>
    s.seqScans.map((t) => (s.watchedSeqScans.includes(t) ? `SEQ SCAN on ${t}` : `seq scan on ${t} (small table)`)).join(', ');
  for (const p of plans) {
    const summary = p.statements
      .map((s) => `${s.label} ${s.executionMs === null ? '?' : s.executionMs.toFixed(2)} ms${s.seqScans.length > 0 ? ` ${scans(s)}` : ''}`)
      .join('; ');
    lines.push(`  ${label(p.route)}: ${summary}`);
  }
  const watched = withSeqScan.filter(({ s }) => s.watchedSeqScans.length > 0);
  if (watched.length === 0) {
    lines.push('  no plan reads conversations, sources, conversation_tags or folders by a sequential scan');
    if (withSeqScan.length > 0) lines.push('  (sequential scans of small tables are the planner\'s choice at their size; their plans are in the JSON)');
    return lines.join('\n');
  }
  lines.push(`  ${watched.length} statement(s) read conversations, sources, conversation_tags or folders by a sequential scan:`);
  const shown = new Set<string>();
  for (const { route, s } of watched) {
    if (shown.has(s.sql)) {
      lines.push('', `  -- ${label(route)}, ${s.label}: the same statement as above`);
      continue;
    }
    shown.add(s.sql);
    lines.push('', `  -- ${label(route)}, ${s.label}: ${scans(s)}`, `  ${s.sql}`, ...s.plan.split('\n').map((l) => `    ${l}`));
  }
  return lines.join('\n');
}
