#!/usr/bin/env node
import { AUTH_USAGE, parseAuthArgs, runAuth } from './auth/auth';
import { UsageError } from './kit/bench-args';
import { DATA_ACCESS_USAGE, parseDataAccessArgs, runDataAccess } from './data-access/data-access';
import { EVENTS_USAGE, parseEventsArgs, runEvents } from './events/events';
import { FAULTS_USAGE, parseFaultsArgs, runFaults } from './faults/faults';
import { MCP_USAGE, parseMcpArgs, runMcp } from './mcp/mcp';
import { OVERLOAD_USAGE, parseOverloadArgs, runOverload } from './overload/overload';
import { REST_READ_USAGE, parseRestReadArgs, runRestRead } from './rest-read/rest-read';
import { killStartedServers } from './kit/servers';
import { PROCESSING_USAGE, parseProcessingArgs, runProcessing } from './processing/processing';
import { parseScaleArgs, runScale, SCALE_USAGE } from './scale/scale';
import { parseSummaryQualityArgs, runSummaryQuality, SUMMARY_QUALITY_USAGE } from './summary-quality/summary-quality';
import { parseSearchArgs, runSearch, SEARCH_USAGE } from './search/search';
import { parseSearchRelevanceArgs, runSearchRelevance, SEARCH_RELEVANCE_USAGE } from './search-relevance/search-relevance';
import { parseWebhooksArgs, runWebhooks, WEBHOOKS_USAGE } from './webhooks/webhooks';

/** The benchmarks, by name: `node tools/bench/dist/main.js <name> [flags]` (`npm run bench -- <name>`). */
const BENCHMARKS: Record<string, { summary: string; usage: string; run: (args: string[]) => Promise<number> }> = {
  'rest-read': {
    summary: 'REST reads at a million conversations: apps/api against a node:http + pg baseline',
    usage: REST_READ_USAGE,
    run: (args) => runRestRead(parseRestReadArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  auth: {
    summary: 'refresh-token grants/s on apps/auth (one core), and what JWT verification adds to an api request',
    usage: AUTH_USAGE,
    run: (args) => runAuth(parseAuthArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  processing: {
    summary: 'pipeline steps of the processor on one core: two-hour transcript p50/p99, one-hour conversations/min',
    usage: PROCESSING_USAGE,
    run: (args) => runProcessing(parseProcessingArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  mcp: {
    summary: 'list-conversations and get-conversation through apps/mcp against the same REST calls on apps/api',
    usage: MCP_USAGE,
    run: (args) => runMcp(parseMcpArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  webhooks: {
    summary: 'webhook deliveries/s to a fast local receiver, event-to-first-attempt p50/p99, isolation from a timing-out endpoint',
    usage: WEBHOOKS_USAGE,
    run: (args) => runWebhooks(parseWebhooksArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  overload: {
    summary: 'apps/api (one core) under twice the load that saturates it: keeps answering (429s, slower), never 5xx',
    usage: OVERLOAD_USAGE,
    run: (args) => runOverload(parseOverloadArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  'data-access': {
    summary: 'the catalog\'s first page and a one-row insert, raw SQL behind typed row mappers against TypeORM entities: p50/p99, calls/s',
    usage: DATA_ACCESS_USAGE,
    run: (args) => runDataAccess(parseDataAccessArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  events: {
    summary: 'the events feed at a million events: resume p50/p99 and events/s against the same SQL bare, and what recording events costs a write',
    usage: EVENTS_USAGE,
    run: (args) => runEvents(parseEventsArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  search: {
    summary: 'GET /search and q on the list over 21,000 real meetings (160 M words): p50/p99 per query class, api against a baseline, plans, ready-to-searchable',
    usage: SEARCH_USAGE,
    run: (args) => runSearch(parseSearchArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  'search-relevance': {
    summary: 'QMSum questions (as written and as keywords) against the service, strict matching and BM25: answered, rank 1, top 5, MRR@10, passage@5',
    usage: SEARCH_RELEVANCE_USAGE,
    run: (args) => runSearchRelevance(parseSearchRelevanceArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  scale: {
    summary: 'two replicas each of api, processor and webhook-worker, one of each restarted under load: failures, lost work, latency',
    usage: SCALE_USAGE,
    run: (args) => runScale(parseScaleArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  faults: {
    summary: 'fault drills on a Postgres and Redis of its own: Postgres restart, Redis restart empty, processor SIGKILL, foreign transaction; lost writes/events',
    usage: FAULTS_USAGE,
    run: (args) => runFaults(parseFaultsArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
  'summary-quality': {
    summary: 'the built-in summarizer on real meetings (QMSum val): ROUGE vs Lead and TextRank, Pk/WindowDiff, digests, time',
    usage: SUMMARY_QUALITY_USAGE,
    run: (args) => runSummaryQuality(parseSummaryQualityArgs(args), (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`)),
  },
};

function listing(): string {
  return `benchmarks:\n${Object.entries(BENCHMARKS)
    .map(([name, b]) => `  ${name.padEnd(12)} ${b.summary}`)
    .join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const benchmark = name === undefined ? undefined : BENCHMARKS[name];
  if (!benchmark) {
    process.stderr.write(`${name === undefined || name === '--help' ? '' : `unknown benchmark "${name}"\n`}usage: npm run bench -- <name> [flags]\n${listing()}`);
    return name === '--help' ? 0 : 1;
  }
  if (args.includes('--help')) {
    process.stderr.write(`${benchmark.usage}\n`);
    return 0;
  }
  try {
    return await benchmark.run(args);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`[bench] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killStartedServers();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
  });
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Pools and sockets of the load generator may linger; the figures are out, so end here.
  setImmediate(() => process.exit(code));
});
