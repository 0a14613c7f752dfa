import { AUTH_COMMAND, runAuth } from './auth/auth';
import { DATA_ACCESS_COMMAND, runDataAccess } from './data-access/data-access';
import { EVENTS_COMMAND, runEvents } from './events/events';
import { EXPORT_COMMAND, EXPORT_TARGETS, runExport } from './export/export';
import { FAULTS_COMMAND, runFaults } from './faults/faults';
import { MCP_COMMAND, runMcp } from './mcp/mcp';
import { OVERLOAD_COMMAND, runOverload } from './overload/overload';
import { REST_READ_COMMAND, runRestRead } from './rest-read/rest-read';
import { PROCESSING_COMMAND, runProcessing } from './processing/processing';
import { runScale, SCALE_COMMAND } from './scale/scale';
import { runSummaryQuality, SUMMARY_QUALITY_COMMAND } from './summary-quality/summary-quality';
import { runSearch, SEARCH_COMMAND } from './search/search';
import { runSearchRelevance, SEARCH_RELEVANCE_COMMAND } from './search-relevance/search-relevance';
import { runWebhooks, WEBHOOKS_COMMAND } from './webhooks/webhooks';
import { AUTH_TARGETS } from './auth/report';
import { MCP_P50_TARGET } from './mcp/mcp';
import { TWO_HOUR_TARGET_MS } from './processing/pipeline-steps.scenario';
import { TARGETS } from './rest-read/report';
import { RELEVANCE_TARGETS } from './search-relevance/relevance-report';
import { QUESTION_TARGETS, SEARCH_TARGETS } from './search/search-report';
import { WEBHOOK_TARGETS } from './webhooks/webhooks';

/** The benchmarks, by name: `node tools/bench/dist/main.js <name> [flags]` (`npm run bench -- <name>`). */
export interface Benchmark {
  /** What it measures, in a line: the listing's and the root README's. */
  summary: string;
  /** The targets it is judged against, in a line: the root README's. */
  target: string;
  usage: string;
  run: (args: string[], out: Out, log: Out) => Promise<number>;
}

type Out = (text: string) => void;

/** A benchmark's parts: its flags parsed into its options, then run with them. */
function benchmark<O>(command: { usage: string; parse: (args: readonly string[]) => O }, run: (options: O, out: Out, log: Out) => Promise<number>, summary: string, target: string): Benchmark {
  return { summary, target, usage: command.usage, run: (args, out, log) => run(command.parse(args), out, log) };
}

export const BENCHMARKS: Record<string, Benchmark> = {
  'rest-read': benchmark(REST_READ_COMMAND, runRestRead, 'REST reads at a million conversations: apps/api against a node:http + pg baseline', `api/baseline req/s ≥ ${TARGETS.minThroughputRatio} on every route; deep page p99 ≤ ${TARGETS.maxDeepOverFirstP99}× the first page's`),
  auth: benchmark(AUTH_COMMAND, runAuth, 'refresh-token grants/s on apps/auth (one core), and what JWT verification adds to an api request', `≥ ${AUTH_TARGETS.minRefreshGrantsPerSecond} grants/s; verification < ${AUTH_TARGETS.maxVerificationMicros} µs`),
  processing: benchmark(PROCESSING_COMMAND, runProcessing, 'pipeline steps of the processor on one core: two-hour transcript p50/p99, one-hour conversations/min', `two-hour transcript p99 < ${TWO_HOUR_TARGET_MS / 1000} s`),
  mcp: benchmark(MCP_COMMAND, runMcp, 'list-conversations and get-conversation through apps/mcp against the same REST calls on apps/api', `MCP/REST p50 ≤ ${MCP_P50_TARGET}×`),
  webhooks: benchmark(WEBHOOKS_COMMAND, runWebhooks, 'webhook deliveries/s to a fast local receiver, event-to-first-attempt p50/p99, isolation from a timing-out endpoint', `≥ ${WEBHOOK_TARGETS.deliveriesPerSecond.toLocaleString('en-US')}/s; p50 < ${WEBHOOK_TARGETS.p50Ms} ms, p99 < ${WEBHOOK_TARGETS.p99Ms} ms; isolation ≥ ${WEBHOOK_TARGETS.isolationRatio}`),
  overload: benchmark(OVERLOAD_COMMAND, runOverload, 'apps/api (one core) under twice the load that saturates it: keeps answering (429s, slower), never 5xx', 'no 5xx, nothing unanswered; recovers'),
  'data-access': benchmark(DATA_ACCESS_COMMAND, runDataAccess, 'the catalog\'s first page and a one-row insert, raw SQL behind typed row mappers against TypeORM entities: p50/p99, calls/s', 'none: a comparison'),
  events: benchmark(EVENTS_COMMAND, runEvents, 'the events feed at a million events: resume p50/p99 and events/s against the same SQL bare, and what recording events costs a write', 'resume p99 ≤ 20 ms; a PATCH with its event within 10% of one without; feed delay p99 ≤ 1 s'),
  export: benchmark(EXPORT_COMMAND, runExport, 'GET /export of a million conversations through apps/api (one core) against the same SQL and writer bare: lines/s, MB/s, memory as it grows, list p99 beside it', `api/baseline lines/s ≥ ${EXPORT_TARGETS.minThroughputRatio}; peak memory within +${EXPORT_TARGETS.maxMemoryGrowth * 100}% from 10k lines to the end`),
  search: benchmark(SEARCH_COMMAND, runSearch, 'GET /search and q on the list over 21,000 real meetings (160 M words): p50/p99 per query class, api against a baseline, plans, ready-to-searchable', `p50 ≤ ${SEARCH_TARGETS.maxP50Ms} ms, p99 ≤ ${SEARCH_TARGETS.maxP99Ms} ms (questions ${QUESTION_TARGETS.maxP50Ms} / ${QUESTION_TARGETS.maxP99Ms}); api/baseline ≥ ${SEARCH_TARGETS.minThroughputRatio}; no sequential scan`),
  'search-relevance': benchmark(SEARCH_RELEVANCE_COMMAND, runSearchRelevance, 'QMSum questions (as written and as keywords) against the service, strict matching and BM25: answered, rank 1, top 5, MRR@10, passage@5', `val, against BM25: answered ≥ ${RELEVANCE_TARGETS.minAnswered * 100}%, top 5 +${RELEVANCE_TARGETS.top5Margin * 100} points, passage@5 +${RELEVANCE_TARGETS.passage5Margin * 100}, rank 1 above`),
  scale: benchmark(SCALE_COMMAND, runScale, 'two replicas each of api, processor and webhook-worker, one of each restarted under load: failures, lost work, latency', 'zero failed requests, lost conversations, undelivered events'),
  faults: benchmark(FAULTS_COMMAND, runFaults, 'fault drills on a Postgres and Redis of its own: Postgres restart, Redis restart empty, processor SIGKILL, foreign transaction; lost writes/events', 'zero lost writes, lost events, duplicates'),
  'summary-quality': benchmark(SUMMARY_QUALITY_COMMAND, runSummaryQuality, 'the built-in summarizer on real meetings (QMSum val): ROUGE vs Lead and TextRank, Pk/WindowDiff, digests, time', 'val, per corpus: ROUGE-1 ≥ TextRank + 3 points and above Lead; Pk and WindowDiff below both segment baselines; every digest complete'),
};
