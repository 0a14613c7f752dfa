import { authServerBenchEnv, benchAppEnv, resourceServerBenchEnv } from '../kit/resource-server-env';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { benchCommand, durationFlag, type OptionsOf, WARMUP_FLAG } from '../kit/bench-args';
import { keepAliveAgent, send } from '../kit/http';
import { HeadlessUser, JWKS_PATH } from '../auth/oauth-flow';
import { prepareAuthDatabase } from '../auth/setup';
import { machineFacts, writeResults } from '../kit/results-file';
import { loadRun } from '../kit/closed-loop';
import { appEntry, choosePinning, freePort, benchStart, type RunningServer, startServer } from '../kit/servers';
import { bestRun, type RunFigures, ratio, spread, NOISY_SPREAD } from '../kit/stats';
import { seedMcpDataset } from './mcp-dataset';
import { benchMetadataDocumentAuthorization } from './metadata-document-authorization';

const SCOPE = 'conversations:read folders:read email';
/** Issue 6: MCP p50 within 1.3× of the same REST call; issue 34: under each protocol revision. */
export const MCP_P50_TARGET = 1.3;
const REVISIONS = ['2025-11-25', '2026-07-28'] as const;
type Revision = (typeof REVISIONS)[number];

export const MCP_COMMAND = benchCommand('mcp', {
  quick: '500 conversations, 3 s per run, 1 round: a smoke test; the target is reported, not enforced',
  flags: {
    conversations: { flag: '--conversations', full: 2000, quick: 500, help: 'ready conversations in the workspace, each with a one-hour transcript and a document' },
    connections: { flag: '--connections', full: 8, help: 'autocannon connections' },
    durationSeconds: durationFlag(10, 3),
    warmupSeconds: WARMUP_FLAG,
    rounds: { flag: '--rounds', full: 3, quick: 1, help: 'runs per transport and call, REST and MCP alternating; the best is kept' },
  },
});
export type McpOptions = OptionsOf<typeof MCP_COMMAND>;

type Out = (text: string) => void;

interface Target {
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One measured call, as REST and as MCP under each revision: the same Catalog query behind all of them. */
interface Scenario {
  name: 'list-conversations' | 'get-conversation';
  rest: Target;
  mcp: Record<Revision, Target & { body: string }>;
}

/**
 * An answer as JSON, its next_cursor reduced to whether there is one: a cursor carries its expiry in seconds, so two
 * calls on either side of a second's turn get different cursors for the same page.
 */
const sameAnswer = (answer: unknown): string =>
  JSON.stringify(answer, (key, value: unknown) => (key === 'next_cursor' && typeof value === 'string' ? 'a cursor' : value));

/**
 * A tools/call as a host sends it under each revision: 2025-11-25 relies on the (stateless) initialize it skipped;
 * 2026-07-28 carries its envelope in `_meta` and the routing headers.
 */
function toolCall(revision: Revision, url: string, headers: Record<string, string>, name: string, args: Record<string, unknown>): Target & { body: string } {
  if (revision === '2025-11-25') {
    return { url, headers: { ...headers, 'mcp-protocol-version': revision }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }) };
  }
  const _meta = { 'io.modelcontextprotocol/protocolVersion': revision, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' } };
  return {
    url,
    headers: { ...headers, 'mcp-protocol-version': revision, 'mcp-method': 'tools/call', 'mcp-name': name },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta } }),
  };
}

const perRevision = (build: (revision: Revision) => Target & { body: string }): Record<Revision, Target & { body: string }> =>
  Object.fromEntries(REVISIONS.map((revision) => [revision, build(revision)])) as Record<Revision, Target & { body: string }>;

/** `mcp`: see tools/bench/README.md. Returns the exit code. */
export async function runMcp(options: McpOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'auth', 'api', 'mcp');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;
  const fixtures = await prepareAuthDatabase(serverUrl, 'cs_bench_mcp');
  const dataset = await seedMcpDataset(fixtures.url, fixtures.workspaceId, fixtures.user.id, options.conversations);
  log(`database cs_bench_mcp ready in ${fixtures.setupSeconds.toFixed(1)} s; ${dataset.conversations} conversations seeded in ${dataset.seconds.toFixed(1)} s`);

  const pinning = choosePinning();
  if (pinning.warning) log(`WARNING: ${pinning.warning}`);
  const ports = { auth: await freePort(), api: await freePort(), mcp: await freePort() };
  const urls = { auth: `http://127.0.0.1:${ports.auth}`, api: `http://127.0.0.1:${ports.api}`, mcp: `http://127.0.0.1:${ports.mcp}/mcp` };
  const cursorSecret = `bench-${randomBytes(24).toString('hex')}`;
  const shared = {
    ...benchAppEnv(fixtures.url, redisUrl),
    PUBLIC_AUTH_URL: urls.auth,
    PUBLIC_API_URL: urls.api,
    PUBLIC_MCP_URL: urls.mcp,
  };
  const servers: RunningServer[] = [];
  const agent = keepAliveAgent(4);
  try {
    const authEnv = { ...shared, ...authServerBenchEnv() };
    servers.push(await startServer({ name: 'auth', entry: appEntry('auth'), port: ports.auth, portVariable: 'AUTH_PORT', env: authEnv }));
    const resourceEnv = { ...shared, AUTH_JWKS_URL: `${urls.auth}${JWKS_PATH}`, ...resourceServerBenchEnv(cursorSecret) };
    const api = await startServer({ name: 'api', entry: appEntry('api'), port: ports.api, portVariable: 'API_PORT', pinning, env: resourceEnv });
    servers.push(api);
    const mcp = await startServer({ name: 'mcp', entry: appEntry('mcp'), port: ports.mcp, portVariable: 'MCP_PORT', pinning, env: resourceEnv });
    servers.push(mcp);
    log(`auth, api and mcp up${pinning.cpu === null ? ' (unpinned)' : `; api and mcp pinned to CPU ${pinning.cpu}, measured one at a time`}`);

    // One OAuth connection per resource, through the real authorization code flow: the same user, scopes and
    // token verification on both sides.
    const settings = { authUrl: urls.auth, client: fixtures.client, scope: SCOPE, user: fixtures.user, workspaceId: fixtures.workspaceId };
    const user = new HeadlessUser(agent, settings);
    const restToken = (await user.connect()).accessToken;
    const mcpToken = (await new HeadlessUser(agent, { ...settings, resource: urls.mcp }).connect()).accessToken;

    const restHeaders = { authorization: `Bearer ${restToken}` };
    const mcpHeaders = {
      authorization: `Bearer ${mcpToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const scenarios: Scenario[] = [
      {
        name: 'list-conversations',
        rest: { url: `${urls.api}/api/v1/conversations`, headers: restHeaders },
        mcp: perRevision((revision) => toolCall(revision, urls.mcp, mcpHeaders, 'list-conversations', {})),
      },
      {
        name: 'get-conversation',
        rest: { url: `${urls.api}/api/v1/conversations/${dataset.sampleId}`, headers: restHeaders },
        mcp: perRevision((revision) => toolCall(revision, urls.mcp, mcpHeaders, 'get-conversation', { id: dataset.sampleId })),
      },
    ];

    // Both transports must answer the same object, or the comparison means nothing: get-conversation's answer is
    // REST's plus its report of what the size bound left out, which must be empty for this one-hour meeting.
    for (const scenario of scenarios) {
      const rest = await send(agent, 'GET', new URL(scenario.rest.url), scenario.rest.headers);
      for (const revision of REVISIONS) {
        const call = scenario.mcp[revision];
        const mcpAnswer = await send(agent, 'POST', new URL(call.url), call.headers, call.body);
        const result = (JSON.parse(mcpAnswer.body) as { result?: { isError?: boolean; structuredContent?: Record<string, unknown> } }).result;
        const { omitted = [], ...structured } = result?.structuredContent ?? {};
        const complete = Array.isArray(omitted) && omitted.length === 0;
        if (rest.status !== 200 || mcpAnswer.status !== 200 || result?.isError || !complete || sameAnswer(structured) !== sameAnswer(JSON.parse(rest.body))) {
          throw new Error(`${scenario.name} (${revision}): REST (HTTP ${rest.status}) and MCP (HTTP ${mcpAnswer.status}) do not answer the same object: ${mcpAnswer.body.slice(0, 300)}`);
        }
      }
      log(`${scenario.name}: REST and MCP under both revisions answer the same object (${rest.body.length} bytes of JSON; MCP sends it twice, structured and as text)`);
    }

    const loadBefore = loadavg()[0] ?? 0;
    const results: Record<string, { revision: Revision; rest: RunFigures; mcp: RunFigures; restRuns: RunFigures[]; mcpRuns: RunFigures[]; p50Ratio: number; rpsRatio: number }> = {};
    for (const scenario of scenarios) {
      const restRuns: RunFigures[] = [];
      const mcpRuns: Record<Revision, RunFigures[]> = { '2025-11-25': [], '2026-07-28': [] };
      const measure = async (target: Target, server: RunningServer) => {
        const request = { url: target.url, headers: target.headers, connections: options.connections, ...(target.body ? { method: 'POST' as const, body: target.body } : {}) };
        if (options.warmupSeconds > 0) await loadRun({ ...request, durationSeconds: options.warmupSeconds });
        const run = await loadRun({ ...request, durationSeconds: options.durationSeconds, serverCpuSeconds: () => server.cpuSeconds() });
        if (run.failures > 0) throw new Error(`${scenario.name} on ${server.name}: ${run.failures} failed requests`);
        return run;
      };
      // REST and each revision alternate within a round, so a busy spell of the machine falls on all of them.
      for (let round = 0; round < options.rounds; round++) {
        restRuns.push(await measure(scenario.rest, api));
        for (const revision of REVISIONS) mcpRuns[revision].push(await measure(scenario.mcp[revision], mcp));
        const figures = (run: RunFigures | undefined) => `${run?.requestsPerSecond.toFixed(0)} req/s p50 ${run?.p50.toFixed(2)} ms`;
        log(`${scenario.name} round ${round + 1}: REST ${figures(restRuns.at(-1))}; ${REVISIONS.map((revision) => `MCP ${revision} ${figures(mcpRuns[revision].at(-1))}`).join('; ')}`);
      }
      const rest = bestRun(restRuns);
      for (const revision of REVISIONS) {
        const mcpBest = bestRun(mcpRuns[revision]);
        results[`${scenario.name} ${revision}`] = {
          revision,
          rest,
          mcp: mcpBest,
          restRuns,
          mcpRuns: mcpRuns[revision],
          p50Ratio: ratio(mcpBest.p50, rest.p50),
          rpsRatio: ratio(mcpBest.requestsPerSecond, rest.requestsPerSecond),
        };
      }
    }
    const loadAfter = loadavg()[0] ?? 0;

    out(`mcp benchmark: ${dataset.conversations} conversations, ${options.connections} connections, ${options.rounds} round(s) of ${options.durationSeconds} s, best round kept`);
    out(`${'call and revision'.padEnd(32)}${'REST req/s'.padStart(12)}${'MCP req/s'.padStart(12)}${'REST p50'.padStart(11)}${'MCP p50'.padStart(11)}${'REST p99'.padStart(11)}${'MCP p99'.padStart(11)}${'p50 MCP/REST'.padStart(15)}  CPU ms/req REST → MCP`);
    let met = true;
    for (const [name, r] of Object.entries(results)) {
      const ok = Number.isFinite(r.p50Ratio) && r.p50Ratio <= MCP_P50_TARGET;
      met &&= ok;
      const cpu = (f: RunFigures) => (f.cpuMsPerRequest === null ? 'n/a' : f.cpuMsPerRequest.toFixed(2));
      out(
        `${name.padEnd(32)}${r.rest.requestsPerSecond.toFixed(0).padStart(12)}${r.mcp.requestsPerSecond.toFixed(0).padStart(12)}` +
          `${r.rest.p50.toFixed(2).padStart(11)}${r.mcp.p50.toFixed(2).padStart(11)}${r.rest.p99.toFixed(2).padStart(11)}${r.mcp.p99.toFixed(2).padStart(11)}` +
          `${`${r.p50Ratio.toFixed(2)}×`.padStart(15)}  ${cpu(r.rest)} → ${cpu(r.mcp)}  ${ok ? 'met' : 'NOT MET'} (target ≤ ${MCP_P50_TARGET}×)`,
      );
      const noisy = Math.max(spread(r.restRuns), spread(r.mcpRuns));
      if (noisy > NOISY_SPREAD) out(`  ${name}: rounds differ by ${(noisy * 100).toFixed(0)}%: the machine was busy, read the figures with care`);
    }
    out(`load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
    const file = writeResults('mcp', startedAt, {
      benchmark: 'mcp',
      started_at: startedAt.toISOString(),
      options,
      machine: machineFacts(pinning.cpu, loadBefore, loadAfter),
      dataset: { conversations: dataset.conversations },
      target: { mcp_p50_over_rest_p50_max: MCP_P50_TARGET },
      results,
      met,
    }, {
      quick: options.quick,
      figures: `MCP/REST p50 ${Object.entries(results).map(([name, r]) => `${name} ${r.p50Ratio.toFixed(2)}×`).join(', ')}: ${met ? 'met' : 'not met'}`,
    });
    out(`results written to ${file}`);
    await benchMetadataDocumentAuthorization({ databaseUrl: fixtures.url, redisUrl, apiUrl: urls.api, mcpUrl: urls.mcp, signingKeySecret: authEnv.SIGNING_KEY_SECRET, iterations: options.quick ? 50 : 300 }, out, log);
    return met || options.quick ? 0 : 1;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
