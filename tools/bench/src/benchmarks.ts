import { AUTH_USAGE, parseAuthArgs, runAuth } from './auth/auth';
import { DATA_ACCESS_USAGE, parseDataAccessArgs, runDataAccess } from './data-access/data-access';
import { EVENTS_USAGE, parseEventsArgs, runEvents } from './events/events';
import { FAULTS_USAGE, parseFaultsArgs, runFaults } from './faults/faults';
import { MCP_USAGE, parseMcpArgs, runMcp } from './mcp/mcp';
import { OVERLOAD_USAGE, parseOverloadArgs, runOverload } from './overload/overload';
import { REST_READ_USAGE, parseRestReadArgs, runRestRead } from './rest-read/rest-read';
import { PROCESSING_USAGE, parseProcessingArgs, runProcessing } from './processing/processing';
import { parseScaleArgs, runScale, SCALE_USAGE } from './scale/scale';
import { parseSummaryQualityArgs, runSummaryQuality, SUMMARY_QUALITY_USAGE } from './summary-quality/summary-quality';
import { parseSearchArgs, runSearch, SEARCH_USAGE } from './search/search';
import { parseSearchRelevanceArgs, runSearchRelevance, SEARCH_RELEVANCE_USAGE } from './search-relevance/search-relevance';
import { parseWebhooksArgs, runWebhooks, WEBHOOKS_USAGE } from './webhooks/webhooks';
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
  run: (args: string[], out: (text: string) => void, log: (text: string) => void) => Promise<number>;
}

export const BENCHMARKS: Record<string, Benchmark> = {
  'rest-read': {
    summary: 'REST reads at a million conversations: apps/api against a node:http + pg baseline',
    usage: REST_READ_USAGE,
    target: `api/baseline req/s ≥ ${TARGETS.minThroughputRatio} on every route; deep page p99 ≤ ${TARGETS.maxDeepOverFirstP99}× the first page's`,
    run: (args, out, log) => runRestRead(parseRestReadArgs(args), out, log),
  },
  auth: {
    summary: 'refresh-token grants/s on apps/auth (one core), and what JWT verification adds to an api request',
    usage: AUTH_USAGE,
    target: `≥ ${AUTH_TARGETS.minRefreshGrantsPerSecond} grants/s; verification < ${AUTH_TARGETS.maxVerificationMicros} µs`,
    run: (args, out, log) => runAuth(parseAuthArgs(args), out, log),
  },
  processing: {
    summary: 'pipeline steps of the processor on one core: two-hour transcript p50/p99, one-hour conversations/min',
    usage: PROCESSING_USAGE,
    target: `two-hour transcript p99 < ${TWO_HOUR_TARGET_MS / 1000} s`,
    run: (args, out, log) => runProcessing(parseProcessingArgs(args), out, log),
  },
  mcp: {
    summary: 'list-conversations and get-conversation through apps/mcp against the same REST calls on apps/api',
    usage: MCP_USAGE,
    target: `MCP/REST p50 ≤ ${MCP_P50_TARGET}×`,
    run: (args, out, log) => runMcp(parseMcpArgs(args), out, log),
  },
  webhooks: {
    summary: 'webhook deliveries/s to a fast local receiver, event-to-first-attempt p50/p99, isolation from a timing-out endpoint',
    usage: WEBHOOKS_USAGE,
    target: `≥ ${WEBHOOK_TARGETS.deliveriesPerSecond.toLocaleString('en-US')}/s; p50 < ${WEBHOOK_TARGETS.p50Ms} ms, p99 < ${WEBHOOK_TARGETS.p99Ms} ms; isolation ≥ ${WEBHOOK_TARGETS.isolationRatio}`,
    run: (args, out, log) => runWebhooks(parseWebhooksArgs(args), out, log),
  },
  overload: {
    summary: 'apps/api (one core) under twice the load that saturates it: keeps answering (429s, slower), never 5xx',
    usage: OVERLOAD_USAGE,
    target: 'no 5xx, nothing unanswered; recovers',
    run: (args, out, log) => runOverload(parseOverloadArgs(args), out, log),
  },
  'data-access': {
    summary: 'the catalog\'s first page and a one-row insert, raw SQL behind typed row mappers against TypeORM entities: p50/p99, calls/s',
    usage: DATA_ACCESS_USAGE,
    target: 'none: a comparison',
    run: (args, out, log) => runDataAccess(parseDataAccessArgs(args), out, log),
  },
  events: {
    summary: 'the events feed at a million events: resume p50/p99 and events/s against the same SQL bare, and what recording events costs a write',
    usage: EVENTS_USAGE,
    target: 'resume p99 ≤ 20 ms; a PATCH with its event within 10% of one without; feed delay p99 ≤ 1 s',
    run: (args, out, log) => runEvents(parseEventsArgs(args), out, log),
  },
  search: {
    summary: 'GET /search and q on the list over 21,000 real meetings (160 M words): p50/p99 per query class, api against a baseline, plans, ready-to-searchable',
    usage: SEARCH_USAGE,
    target: `p50 ≤ ${SEARCH_TARGETS.maxP50Ms} ms, p99 ≤ ${SEARCH_TARGETS.maxP99Ms} ms (questions ${QUESTION_TARGETS.maxP50Ms} / ${QUESTION_TARGETS.maxP99Ms}); api/baseline ≥ ${SEARCH_TARGETS.minThroughputRatio}; no sequential scan`,
    run: (args, out, log) => runSearch(parseSearchArgs(args), out, log),
  },
  'search-relevance': {
    summary: 'QMSum questions (as written and as keywords) against the service, strict matching and BM25: answered, rank 1, top 5, MRR@10, passage@5',
    usage: SEARCH_RELEVANCE_USAGE,
    target: `val, against BM25: answered ≥ ${RELEVANCE_TARGETS.minAnswered * 100}%, top 5 +${RELEVANCE_TARGETS.top5Margin * 100} points, passage@5 +${RELEVANCE_TARGETS.passage5Margin * 100}, rank 1 above`,
    run: (args, out, log) => runSearchRelevance(parseSearchRelevanceArgs(args), out, log),
  },
  scale: {
    summary: 'two replicas each of api, processor and webhook-worker, one of each restarted under load: failures, lost work, latency',
    usage: SCALE_USAGE,
    target: 'zero failed requests, lost conversations, undelivered events',
    run: (args, out, log) => runScale(parseScaleArgs(args), out, log),
  },
  faults: {
    summary: 'fault drills on a Postgres and Redis of its own: Postgres restart, Redis restart empty, processor SIGKILL, foreign transaction; lost writes/events',
    usage: FAULTS_USAGE,
    target: 'zero lost writes, lost events, duplicates',
    run: (args, out, log) => runFaults(parseFaultsArgs(args), out, log),
  },
  'summary-quality': {
    summary: 'the built-in summarizer on real meetings (QMSum val): ROUGE vs Lead and TextRank, Pk/WindowDiff, digests, time',
    usage: SUMMARY_QUALITY_USAGE,
    target: 'val, per corpus: ROUGE-1 ≥ TextRank + 3 points and above Lead; Pk and WindowDiff below both segment baselines; every digest complete',
    run: (args, out, log) => runSummaryQuality(parseSummaryQualityArgs(args), out, log),
  },
};
