import { authServerBenchEnv, benchAppEnv, resourceServerBenchEnv } from '../kit/resource-server-env';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { Pool } from 'pg';
import { machineFacts, ROOT, writeResults } from '../kit/results-file';
import { databaseUrl } from '../kit/bench-database';
import { loadRun } from '../kit/closed-loop';
import { benchCommand, durationFlag, type OptionsOf, WARMUP_FLAG } from '../kit/bench-args';
import { appEntry, choosePinning, freePort, benchStart, type RunningServer, startServer } from '../kit/servers';
import { bestRun, type RunFigures, spread, summarize, verdictWord } from '../kit/stats';
import { attribute, type CpuProfile, monotonicMicros } from './cpu-profile';
import { keepAliveAgent, send } from '../kit/http';
import { rs256Micro, verifierMicro } from './micro';
import { FlowError, JWKS_PATH, makeConnections, readTokenResponse, refreshGrant, type TokenSet } from './oauth-flow';
import { backendCpuDelta, isLocalDatabase, PostgresObserver, processCpuSplit, sleep, STATS_IDLE_FLUSH_MS } from '../kit/pg-stats';
import { grantSlots, type RefreshCall, runClosedLoop } from './refresh-loop';
import { AUTH_TARGETS, type ApiComparison, formatBreakdown, formatProfile, formatRefresh, formatVerification, judgeAuth, KEYCLOAK_REFRESH_PER_VCPU, type RefreshRun, type StatementProbe } from './report';
import { prepareAuthDatabase } from './setup';

/** The repository root, from tools/bench/dist/auth (built) or tools/bench/src/auth (tests). */


/** What the bench client asks for: an OIDC client's usual request, so a refresh returns an ID token too. */
export const BENCH_SCOPE = 'openid offline_access conversations:read folders:read email';
/** Users (cookie jars) authorizing at once while the pool of connections is made. */
const FLOW_PARALLELISM = 8;
/** Sequential grants of the statement probe. */
const PROBE_GRANTS = 200;

export const AUTH_COMMAND = benchCommand('auth', {
  quick: '64 grants, 3 s per run, 1 round: a smoke test; targets are reported, not enforced (failed refreshes still fail it)',
  flags: {
    profile: {
      flag: '--profile',
      switch: true,
      help: 'run the auth server under node --cpu-prof and break its CPU during the refresh runs down by package\n(the profiler costs a few percent: use the figures of a run without it)',
    },
    grants: { flag: '--grants', full: 320, quick: 64, help: 'connections made through the authorization code flow before measuring, refreshed in turn' },
    connections: { flag: '--connections', full: 32, help: 'concurrent refresh workers of the closed-loop load generator, each owning its own grants' },
    apiConnections: { flag: '--api-connections', full: 16, help: 'autocannon connections for GET /api/v1/me' },
    durationSeconds: durationFlag(10, 3),
    warmupSeconds: WARMUP_FLAG,
    rounds: { flag: '--rounds', full: 3, quick: 1, help: 'runs of the refresh load, and of each credential on the api, alternating; the best is kept' },
    verifications: { flag: '--verifications', full: 20_000, help: 'AccessTokenVerifier.verify() calls per round of the in-process micro-benchmark' },
  },
});
export type AuthOptions = OptionsOf<typeof AUTH_COMMAND>;

type Out = (text: string) => void;

/** The claims of a JWT, read without verifying it (for the report only). */
function jwtParts(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt.split('.', 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  return { header: header ?? {}, payload: payload ?? {} };
}

/** `auth`: see tools/bench/README.md. Returns the exit code. */
export async function runAuth(options: AuthOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'auth', 'api');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;

  const fixtures = await prepareAuthDatabase(serverUrl);
  log(`database ${fixtures.database} created and migrated, workspace, admin, API key and OAuth client made in ${fixtures.setupSeconds.toFixed(1)} s`);

  const pinning = choosePinning();
  if (pinning.warning) log(`WARNING: ${pinning.warning}`);
  const [authPort, apiPort] = await distinctPorts();
  const authUrl = `http://127.0.0.1:${authPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const apiResource = `${apiUrl}/api/v1`;
  const sharedEnv = {
    ...benchAppEnv(fixtures.url, redisUrl),
    PUBLIC_AUTH_URL: authUrl,
    PUBLIC_API_URL: apiUrl,
    // A resource the auth server knows of; nothing listens there.
    PUBLIC_MCP_URL: 'http://127.0.0.1:9/mcp',
  };

  const servers: RunningServer[] = [];
  const monitor = new Pool({ connectionString: databaseUrl(serverUrl, 'postgres'), max: 2, application_name: 'bench-monitor' });
  const observer = new PostgresObserver(monitor, fixtures.database, isLocalDatabase(serverUrl));
  const flowAgent = keepAliveAgent(FLOW_PARALLELISM);
  const loadAgent = keepAliveAgent(options.connections);
  let auth: RunningServer | null = null;
  const profileDir = join(ROOT, '.data', 'bench', `auth-profile-${startedAt.toISOString().replace(/[:.]/g, '-')}`);
  const profileNodeOptions = options.profile ? `--cpu-prof --cpu-prof-dir=${profileDir} --cpu-prof-name=auth.cpuprofile` : '';
  try {
    const profiling = options.profile ? { NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} ${profileNodeOptions}`.trim() } : {};
    auth = await startServer({ name: 'auth', entry: appEntry('auth'), port: authPort, portVariable: 'AUTH_PORT', pinning, env: { ...sharedEnv, ...authServerBenchEnv(), ...profiling } });
    servers.push(auth);
    const authServer = auth;
    log(`auth (pid ${auth.pid}) up at ${authUrl}${pinning.cpu === null ? ', unpinned' : `, pinned to CPU ${pinning.cpu}`}`);

    // The pool of connections, through the real authorization code flow; one more for the verification phase.
    const settings = { authUrl, client: fixtures.client, scope: BENCH_SCOPE, user: fixtures.user, workspaceId: fixtures.workspaceId };
    const flowStarted = Date.now();
    const made = await makeConnections(flowAgent, settings, options.grants + 1, FLOW_PARALLELISM, (done) => {
      if (done % 100 === 0) log(`${done} connections made`);
    });
    const flowSeconds = (Date.now() - flowStarted) / 1000;
    const [verificationConnection, ...poolConnections] = made as [TokenSet, ...TokenSet[]];
    log(`${made.length} connections made through the authorization code flow in ${flowSeconds.toFixed(1)} s (${FLOW_PARALLELISM} users at a time)`);

    // The refresh load.
    const slots = grantSlots(poolConnections.map((c) => c.refreshToken));
    const call: RefreshCall = async (refreshToken) => {
      const response = await refreshGrant(loadAgent, authUrl, fixtures.client, refreshToken);
      if (response.status !== 200) return { ok: false, status: response.status, detail: response.body.slice(0, 200) };
      const next = (JSON.parse(response.body) as { refresh_token?: unknown }).refresh_token;
      return typeof next === 'string' ? { ok: true, refreshToken: next } : { ok: false, status: 200, detail: 'no refresh_token in the answer' };
    };
    const failureSamples: string[] = [];
    let failures = 0;
    const refreshRuns: RefreshRun[] = [];
    const measuredWindows: [number, number][] = [];
    const loadBefore = loadavg()[0] ?? 0;
    for (let round = 0; round < options.rounds; round++) {
      if (options.warmupSeconds > 0) {
        const warm = await runClosedLoop({ slots, workers: options.connections, call, durationMs: options.warmupSeconds * 1000 });
        failures += warm.failures;
        failureSamples.push(...warm.failureSamples);
      }
      const cpuBefore = authServer.cpuSeconds();
      const splitBefore = processCpuSplit(authServer.pid);
      const pgBefore = await observer.backendCpu();
      const generatorBefore = process.cpuUsage();
      const started = performance.now();
      const windowStart = monotonicMicros();
      const run = await runClosedLoop({ slots, workers: options.connections, call, durationMs: options.durationSeconds * 1000 });
      measuredWindows.push([windowStart, monotonicMicros()]);
      const elapsedSeconds = (performance.now() - started) / 1000;
      const generator = process.cpuUsage(generatorBefore);
      const pgAfter = await observer.backendCpu();
      const cpuAfter = authServer.cpuSeconds();
      const splitAfter = processCpuSplit(authServer.pid);
      failures += run.failures;
      failureSamples.push(...run.failureSamples);
      // The CPU readings span the window and the answers still in flight when it closed: spread them over both.
      const handled = run.latenciesMs.length + run.lateCompletions;
      const perGrant = (seconds: number | null) => (seconds === null || handled === 0 ? null : (seconds * 1000) / handled);
      const authCpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      const figures = summarize(run.latenciesMs, run.failures, run.windowSeconds, authCpu);
      const refreshRun: RefreshRun = {
        ...figures,
        cpuMsPerRequest: perGrant(authCpu),
        cpuBusy: authCpu === null ? null : authCpu / elapsedSeconds,
        postgresCpuMsPerGrant: perGrant(backendCpuDelta(pgBefore, pgAfter)),
        generatorCpuMsPerGrant: perGrant((generator.user + generator.system) / 1e6) ?? 0,
        lateCompletions: run.lateCompletions,
        authUserMsPerGrant: splitBefore && splitAfter ? perGrant(splitAfter.user - splitBefore.user) : null,
        authSystemMsPerGrant: splitBefore && splitAfter ? perGrant(splitAfter.system - splitBefore.system) : null,
      };
      refreshRuns.push(refreshRun);
      log(`refresh round ${round + 1}: ${refreshRun.requestsPerSecond.toFixed(0)} grants/s, p99 ${refreshRun.p99.toFixed(2)} ms${run.failures ? `, ${run.failures} FAILED` : ''}`);
    }
    const bestRefresh = bestRun(refreshRuns) as RefreshRun;
    if (failures > 0) log(`WARNING: ${failures} refresh grants failed: ${failureSamples.slice(0, 3).join('; ')}`);

    // A fresh access token of the connection kept aside, minted by a refresh like every other.
    const verificationTokens = readTokenResponse(await refreshGrant(flowAgent, authUrl, fixtures.client, verificationConnection.refreshToken), 'refresh of the verification connection');
    const lastAuthDbActivity = Date.now();
    const accessToken = jwtParts(verificationTokens.accessToken);
    if (accessToken.payload['aud'] !== apiResource) throw new FlowError(`the access token is for ${String(accessToken.payload['aud'])}, not ${apiResource}`);
    const signaturesPerGrant = 1 + (verificationTokens.idToken ? 1 : 0);

    // Token verification on the api: API key against JWT on the same route, alternating.
    const apiEnv = { ...sharedEnv, AUTH_JWKS_URL: `${authUrl}${JWKS_PATH}`, ...resourceServerBenchEnv() };
    const api = await startServer({ name: 'api', entry: appEntry('api'), port: apiPort, portVariable: 'API_PORT', pinning, env: apiEnv });
    servers.push(api);
    log(`api (pid ${api.pid}) up at ${apiUrl}${pinning.cpu === null ? ', unpinned' : `, pinned to CPU ${pinning.cpu}`}`);
    const credentials = {
      apiKey: { authorization: `Bearer ${fixtures.apiKey}` },
      jwt: { authorization: `Bearer ${verificationTokens.accessToken}` },
    };
    const meUrl = new URL('/api/v1/me', apiUrl);
    const me: Record<string, unknown> = {};
    for (const [name, headers] of Object.entries(credentials)) {
      const response = await send(flowAgent, 'GET', meUrl, headers);
      if (response.status !== 200) throw new Error(`GET /api/v1/me with the ${name}: HTTP ${response.status} ${response.body.slice(0, 300)}`);
      me[name] = JSON.parse(response.body);
    }
    if ((me['apiKey'] as { user_id?: string }).user_id !== (me['jwt'] as { user_id?: string }).user_id) throw new Error('the API key and the JWT are not the same user');
    log('GET /api/v1/me answers 200 for the same user with the API key and with the JWT');
    const measure = async (headers: Record<string, string>): Promise<RunFigures> => {
      const url = meUrl.toString();
      if (options.warmupSeconds > 0) await loadRun({ url, headers, connections: options.apiConnections, durationSeconds: options.warmupSeconds });
      const run = await loadRun({ url, headers, connections: options.apiConnections, durationSeconds: options.durationSeconds, serverCpuSeconds: () => api.cpuSeconds() });
      if (run.failures > 0) throw new Error(`GET /api/v1/me: ${run.failures} failed requests during the run`);
      return run;
    };
    const apiKeyRuns: RunFigures[] = [];
    const jwtRuns: RunFigures[] = [];
    for (let round = 0; round < options.rounds; round++) {
      apiKeyRuns.push(await measure(credentials.apiKey));
      jwtRuns.push(await measure(credentials.jwt));
      log(`api round ${round + 1}: API key ${apiKeyRuns.at(-1)?.requestsPerSecond.toFixed(0)} req/s, JWT ${jwtRuns.at(-1)?.requestsPerSecond.toFixed(0)} req/s`);
    }
    await api.stop();
    const comparison: ApiComparison = {
      apiKey: bestRun(apiKeyRuns),
      jwt: bestRun(jwtRuns),
      apiKeyRuns,
      jwtRuns,
      cpuDiffUs: null,
    };
    if (comparison.apiKey.cpuMsPerRequest !== null && comparison.jwt.cpuMsPerRequest !== null) {
      comparison.cpuDiffUs = (comparison.jwt.cpuMsPerRequest - comparison.apiKey.cpuMsPerRequest) * 1000;
    }
    const loadAfter = loadavg()[0] ?? 0;

    // In-process micro-benchmarks, the servers idle.
    const rsa = await rs256Micro(options.quick ? 200 : 1_000, options.quick ? 1 : 3);
    const signing = rsa.sign;
    log(`RS256 (2048-bit): ${signing.best.cpuUsPerOp.toFixed(0)} µs CPU per signature, ${rsa.verify.best.cpuUsPerOp.toFixed(1)} µs per verification`);
    const verifierPool = new Pool({ connectionString: fixtures.url, max: 2, application_name: 'bench-verifier' });
    let verifier;
    try {
      verifier = await verifierMicro({
        token: verificationTokens.accessToken,
        issuer: authUrl,
        audience: apiResource,
        jwksUrl: `${authUrl}${JWKS_PATH}`,
        pool: verifierPool,
        redisUrl,
        iterations: options.verifications,
        rounds: options.quick ? 1 : 3,
      });
    } finally {
      // Ending the connections makes their backends publish their statistics at once (the probe reads them next).
      await verifierPool.end();
    }
    log(`AccessTokenVerifier.verify(): ${verifier.best.wallUsPerOp.toFixed(1)} µs`);

    // The statement probe: Postgres counters around grants made one at a time, read once the auth's backends
    // have published theirs (idle for 10 s, then after the auth server and its connections are gone).
    let probe: StatementProbe | null = null;
    await sleep(Math.max(0, lastAuthDbActivity + STATS_IDLE_FLUSH_MS - Date.now()));
    if (!(await observer.waitUntilGone(10_000, ['api', 'bench-verifier']))) log('WARNING: connections of the api are still open: the statement count may include some of its statements');
    const countersBefore = await observer.counters();
    const probeRun = await runClosedLoop({ slots, workers: 1, call, durationMs: 120_000, maxRequests: PROBE_GRANTS });
    failures += probeRun.failures;
    failureSamples.push(...probeRun.failureSamples);
    await authServer.stop();
    if (await observer.waitUntilGone(10_000)) {
      const countersAfter = await observer.counters();
      const n = probeRun.latenciesMs.length + probeRun.lateCompletions;
      const probeFigures = summarize(probeRun.latenciesMs, probeRun.failures, probeRun.windowSeconds);
      probe = {
        grants: n,
        p50: probeFigures.p50,
        p99: probeFigures.p99,
        transactionsPerGrant: (countersAfter.transactions - countersBefore.transactions) / n,
        insertedPerGrant: (countersAfter.inserted - countersBefore.inserted) / n,
        updatedPerGrant: (countersAfter.updated - countersBefore.updated) / n,
        deletedPerGrant: (countersAfter.deleted - countersBefore.deleted) / n,
      };
    } else {
      log('WARNING: the auth server\'s database connections did not close: no statement count');
    }

    let profile: ReturnType<typeof attribute> | null = null;
    if (options.profile) {
      const file = join(profileDir, 'auth.cpuprofile');
      if (existsSync(file)) profile = attribute(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, measuredWindows);
      else log(`WARNING: no CPU profile at ${relative(ROOT, file)}`);
    }

    const verdicts = judgeAuth(bestRefresh, verifier, failures);
    const enforce = !options.quick;
    const rotations = slots.reduce((sum, s) => sum + s.rotations, 0);
    out(
      [
        '',
        `auth: refresh-token grants on apps/auth, and what token verification adds to an apps/api request`,
        `database: ${fixtures.database} (made afresh), one workspace, its admin, an API key and an OAuth client (registerClient); ${made.length} connections made through the authorization code flow over HTTP (authorize, sign-in, consent, code exchange with client_secret_basic) in ${flowSeconds.toFixed(1)} s`,
        `servers: ${pinning.cpu === null ? 'UNPINNED' : `each pinned to CPU ${pinning.cpu} (taskset)`} of ${availableParallelism()} (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`,
        '  auth: apps/auth/dist/main.js, NODE_ENV=test (production requires an https issuer), LOG_LEVEL=silent, DATABASE_POOL_SIZE default (10); refresh tokens rotate, access tokens are RS256 JWTs',
        '  api: apps/api/dist/main.js, NODE_ENV=production, LOG_LEVEL=silent, AUTH_JWKS_URL at the auth server; started after the refresh runs, alone on the core',
        `refresh load: closed loop in the bench process (node:http keep-alive, unpinned), ${options.connections} workers, each owning ${shareSize(poolConnections.length, options.connections)} of the ${poolConnections.length} grants and sending the refresh token of the previous answer (scope "${BENCH_SCOPE}"); ${options.warmupSeconds} s warm-up then ${options.durationSeconds} s measured per round, ${options.rounds} round(s), the best kept; ${rotations.toLocaleString('en-US')} rotations in all, ${failures} failed`,
        `api load: autocannon, ${options.apiConnections} connections, GET /api/v1/me, API key and JWT alternating, ${options.warmupSeconds} s warm-up then ${options.durationSeconds} s measured, ${options.rounds} round(s) each, the best kept`,
        `machine load average (1 min): ${loadBefore.toFixed(2)} before the runs, ${loadAfter.toFixed(2)} after`,
        '',
        formatRefresh(bestRefresh, refreshRuns, verdicts, enforce),
        '',
        'where a grant goes:',
        formatBreakdown({ best: bestRefresh, signing: signing, signaturesPerGrant, probe, pinnedCpu: pinning.cpu, cores: availableParallelism() }),
        ...(profile ? ['', formatProfile(profile.shares, profile.busySamples), `profile: ${relative(ROOT, join(profileDir, 'auth.cpuprofile'))} (open in Chrome DevTools or speedscope); the profiler's overhead is in this run's figures`] : []),
        '',
        `token verification (access token: ${String(accessToken.header['alg'])}, typ ${String(accessToken.header['typ'])}, aud ${String(accessToken.payload['aud'])}, scope "${String(accessToken.payload['scope'])}"):`,
        formatVerification(verifier, rsa, comparison, verdicts, enforce),
        '',
        `targets: ≥ ${AUTH_TARGETS.minRefreshGrantsPerSecond} refresh grants/s on one core (Keycloak plans ${KEYCLOAK_REFRESH_PER_VCPU}/vCPU): ${verdictWord(verdicts.refreshPass, enforce)}; JWT verification < ${AUTH_TARGETS.maxVerificationMicros} µs: ${verdictWord(verdicts.verificationPass, enforce)}; no failed refresh: ${verdicts.noFailures ? 'PASS' : 'FAIL'}`,
        ...(failureSamples.length > 0 ? [`failed refreshes (first ${Math.min(5, failureSamples.length)}): ${failureSamples.slice(0, 5).join('; ')}`] : []),
      ].join('\n'),
    );

    const json = {
      benchmark: 'auth',
      started_at: startedAt.toISOString(),
      finished_at: new Date().toISOString(),
      quick: options.quick,
      machine: machineFacts(pinning.cpu, loadBefore, loadAfter),
      postgres: (await monitor.query<{ version: string }>('SELECT version()')).rows[0]?.version ?? null,
      setup: { database: fixtures.database, setup_seconds: fixtures.setupSeconds, connections_made: made.length, flow_seconds: flowSeconds, flow_parallelism: FLOW_PARALLELISM, scope: BENCH_SCOPE },
      method: {
        refresh_workers: options.connections,
        grants_in_load: poolConnections.length,
        api_connections: options.apiConnections,
        warmup_seconds: options.warmupSeconds,
        duration_seconds: options.durationSeconds,
        rounds: options.rounds,
        verifications_per_round: options.verifications,
        selection: 'best round by req/s (grants/s), with its own p50/p99; micro-benchmarks: fastest round',
      },
      targets: { ...AUTH_TARGETS, keycloak_refresh_per_vcpu: KEYCLOAK_REFRESH_PER_VCPU },
      refresh: {
        best: bestRefresh,
        rounds: refreshRuns,
        spread: spread(refreshRuns),
        failures,
        failure_samples: failureSamples,
        rotations,
        id_token_on_refresh: verificationTokens.idToken !== null,
        signatures_per_grant: signaturesPerGrant,
        rs256_sign: signing,
        profile: profile ? { file: relative(ROOT, join(profileDir, 'auth.cpuprofile')), busy_samples: profile.busySamples, by_package: profile.shares } : null,
        statement_probe: probe,
        pass: verdicts.refreshPass,
      },
      verification: {
        access_token: { header: accessToken.header, aud: accessToken.payload['aud'], scope: accessToken.payload['scope'] },
        verifier_micro: verifier,
        rs256_verify: rsa.verify,
        rs256_verify_threadpool: rsa.verifyAsync,
        api: {
          route: 'GET /api/v1/me',
          api_key: comparison.apiKey,
          jwt: comparison.jwt,
          api_key_runs: apiKeyRuns,
          jwt_runs: jwtRuns,
          jwt_minus_api_key_cpu_us_per_request: comparison.cpuDiffUs,
          spread: { api_key: spread(apiKeyRuns), jwt: spread(jwtRuns) },
          me,
        },
        pass: verdicts.verificationPass,
      },
      pass: verdicts.pass,
    };
    const headline = {
      quick: options.quick,
      figures:
        `${bestRefresh.requestsPerSecond.toFixed(0)} refresh grants/s (${failures} failed); verification ${verifier.best.wallUsPerOp.toFixed(1)} µs: ` +
        `${verdicts.pass ? 'met' : 'not met'}`,
    };
    out(`results: ${writeResults('auth', startedAt, json, headline)}`);
    if (!verdicts.noFailures) return 3;
    return verdicts.pass || !enforce ? 0 : 3;
  } finally {
    flowAgent.destroy();
    loadAgent.destroy();
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await monitor.end();
  }
}

/** How many grants each worker owns: "10", or "9–10" when they do not divide evenly. */
function shareSize(grants: number, workers: number): string {
  const low = Math.floor(grants / Math.min(workers, grants));
  const high = Math.ceil(grants / Math.min(workers, grants));
  return low === high ? String(low) : `${low}–${high}`;
}

async function distinctPorts(): Promise<[number, number]> {
  const first = await freePort();
  for (;;) {
    const second = await freePort();
    if (second !== first) return [first, second];
  }
}
