import { fixed, table } from '../kit/table';
import { meetsMax, meetsMin, NOISY_SPREAD, ratio, type RunFigures, spread } from '../kit/stats';
import type { ProfileShare } from './cpu-profile';
import type { MicroResult } from './micro';

export const AUTH_TARGETS = {
  /** Refresh-token grants per second, the auth server pinned to one core. */
  minRefreshGrantsPerSecond: 500,
  /** Microseconds one access-token verification adds to a request (AccessTokenVerifier.verify, warm cache). */
  maxVerificationMicros: 50,
} as const;

/** Keycloak's sizing guide plans 120 refresh-token grants per second per vCPU: the point of comparison. */
export const KEYCLOAK_REFRESH_PER_VCPU = 120;

/** One measured refresh run: the shared figures plus what the rest of the machine spent on it. */
export interface RefreshRun extends RunFigures {
  /** CPU time of the Postgres backends of the benchmark's database, per grant (ms); null when not readable. */
  postgresCpuMsPerGrant: number | null;
  /** CPU time of the load generator (this process) per grant, in ms. */
  generatorCpuMsPerGrant: number;
  /** Grants sent inside the window and answered after it: their tokens kept, not counted. */
  lateCompletions: number;
  /** The auth CPU per grant split into user and system (kernel) time, in ms; null when not readable. */
  authUserMsPerGrant: number | null;
  authSystemMsPerGrant: number | null;
}

export interface StatementProbe {
  grants: number;
  p50: number;
  p99: number;
  transactionsPerGrant: number;
  insertedPerGrant: number;
  updatedPerGrant: number;
  deletedPerGrant: number;
}

export interface AuthVerdicts {
  refreshPass: boolean;
  verificationPass: boolean;
  noFailures: boolean;
  pass: boolean;
}

export function judgeAuth(best: RefreshRun, verifier: MicroResult, failures: number): AuthVerdicts {
  const refreshPass = meetsMin(best.requestsPerSecond, AUTH_TARGETS.minRefreshGrantsPerSecond);
  // "Under 50 µs": strictly.
  const verificationPass = meetsMax(verifier.best.wallUsPerOp, AUTH_TARGETS.maxVerificationMicros) && verifier.best.wallUsPerOp < AUTH_TARGETS.maxVerificationMicros;
  const noFailures = failures === 0;
  return { refreshPass, verificationPass, noFailures, pass: refreshPass && verificationPass && noFailures };
}

const orNa = (n: number | null, digits: number): string => (n === null ? 'n/a' : fixed(n, digits));
const percent = (n: number | null): string => (n === null ? 'n/a' : `${(n * 100).toFixed(0)}%`);
const verdictText = (pass: boolean, enforce: boolean): string => (pass ? 'PASS' : enforce ? 'FAIL' : 'fail (quick: not enforced)');

export function formatRefresh(best: RefreshRun, rounds: readonly RefreshRun[], verdicts: AuthVerdicts, enforce: boolean): string {
  const main = table(
    ['refresh_token grant', 'grants/s', 'p50 ms', 'p99 ms', 'grants', 'failed', 'auth CPU ms/grant', 'auth core busy', `target ≥ ${AUTH_TARGETS.minRefreshGrantsPerSecond}/s`, 'of target', `vs Keycloak ${KEYCLOAK_REFRESH_PER_VCPU}/vCPU`],
    [
      [
        'best round',
        fixed(best.requestsPerSecond, 0),
        fixed(best.p50, 2),
        fixed(best.p99, 2),
        String(best.requests),
        String(best.failures),
        orNa(best.cpuMsPerRequest, 3),
        percent(best.cpuBusy),
        verdictText(verdicts.refreshPass, enforce),
        `${fixed(ratio(best.requestsPerSecond, AUTH_TARGETS.minRefreshGrantsPerSecond) * 100, 0)}%`,
        `${fixed(ratio(best.requestsPerSecond, KEYCLOAK_REFRESH_PER_VCPU), 1)}×`,
      ],
    ],
    [0, 8],
  );
  const every = table(
    ['round', 'grants/s', 'p50 ms', 'p99 ms', 'grants', 'late', 'failed', 'auth CPU ms/grant', 'auth core busy', 'Postgres CPU ms/grant', 'load gen CPU ms/grant'],
    rounds.map((r, i) => [
      String(i + 1),
      fixed(r.requestsPerSecond, 0),
      fixed(r.p50, 2),
      fixed(r.p99, 2),
      String(r.requests),
      String(r.lateCompletions),
      String(r.failures),
      orNa(r.cpuMsPerRequest, 3),
      percent(r.cpuBusy),
      orNa(r.postgresCpuMsPerGrant, 3),
      fixed(r.generatorCpuMsPerGrant, 3),
    ]),
  );
  const noisy = spread(rounds) > NOISY_SPREAD ? `\nWARNING: the rounds differ by ${(spread(rounds) * 100).toFixed(0)}% in grants/s: something else was using the machine.` : '';
  return `${main}\n\nevery round:\n${every}${noisy}`;
}

/** Where a grant's time goes, from the measured CPU times, the signing micro-benchmark and the statement probe. */
export function formatBreakdown(options: {
  best: RefreshRun;
  signing: MicroResult;
  signaturesPerGrant: number;
  probe: StatementProbe | null;
  pinnedCpu: number | null;
  cores: number;
}): string {
  const { best, signing, signaturesPerGrant, probe } = options;
  const signMs = (signing.best.cpuUsPerOp * signaturesPerGrant) / 1000;
  const lines: string[] = [];
  if (best.cpuMsPerRequest !== null) {
    const cpu = best.cpuMsPerRequest;
    lines.push(
      `  auth process: ${cpu.toFixed(3)} ms CPU per grant (${orNa(best.authUserMsPerGrant, 3)} user + ${orNa(best.authSystemMsPerGrant, 3)} system, the kernel's part being mostly loopback TCP to Postgres and to the client), so one saturated core would do at most ~${fixed(1000 / cpu, 0)} grants/s; its core was ${percent(best.cpuBusy)} busy in the best round`,
      `  RS256 signing: ${signaturesPerGrant} signature${signaturesPerGrant === 1 ? '' : 's'} per grant (${signaturesPerGrant === 2 ? 'access token + ID token' : 'access token'}) × ${(signing.best.cpuUsPerOp / 1000).toFixed(3)} ms (node:crypto, 2048-bit key, in the bench process) = ${signMs.toFixed(3)} ms, ${fixed((signMs / cpu) * 100, 0)}% of the auth CPU per grant`,
      `  the rest (${Math.max(0, cpu - signMs).toFixed(3)} ms): oidc-provider (Koa, client authentication, token models), Express/Nest in front of it, the pg driver, JSON`,
    );
  }
  if (probe) {
    lines.push(
      `  Postgres: ${probe.transactionsPerGrant.toFixed(2)} statements per grant (autocommit: one transaction each; ${probe.insertedPerGrant.toFixed(2)} rows inserted, ${probe.updatedPerGrant.toFixed(2)} updated, ${probe.deletedPerGrant.toFixed(2)} deleted), all round trips in series; one grant at a time (${probe.grants} in a row): p50 ${probe.p50.toFixed(2)} ms, p99 ${probe.p99.toFixed(2)} ms`,
    );
  }
  if (best.postgresCpuMsPerGrant !== null) {
    lines.push(`  Postgres backends: ${best.postgresCpuMsPerGrant.toFixed(3)} ms CPU per grant; load generator: ${best.generatorCpuMsPerGrant.toFixed(3)} ms CPU per grant (both unpinned, on the other ${options.cores - 1} core${options.cores === 2 ? '' : 's'})`);
  } else {
    lines.push(`  load generator: ${best.generatorCpuMsPerGrant.toFixed(3)} ms CPU per grant (Postgres CPU not readable: not a local server)`);
  }
  if (best.cpuBusy !== null && best.cpuBusy < 0.9 && options.pinnedCpu !== null) {
    lines.push(
      "  the auth core was not saturated: grants/s was bounded by the rest of the machine (Postgres and the load generator on the other core), not by the auth process; 1000 / (auth CPU ms per grant) is what the core itself would allow",
    );
  }
  return lines.join('\n');
}

export interface ApiComparison {
  apiKey: RunFigures;
  jwt: RunFigures;
  apiKeyRuns: RunFigures[];
  jwtRuns: RunFigures[];
  /** (JWT − API key) server CPU per request, in µs. */
  cpuDiffUs: number | null;
}

export function formatVerification(verifier: MicroResult, rsa: { verify: MicroResult; verifyAsync: MicroResult }, api: ApiComparison, verdicts: AuthVerdicts, enforce: boolean): string {
  const micro = table(
    ['in-process (bench process, unpinned), warm JWKS cache', 'calls', 'µs each (wall)', 'µs each (CPU)', `target < ${AUTH_TARGETS.maxVerificationMicros} µs`],
    [
      ...verifier.rounds.map((r, i) => [`AccessTokenVerifier.verify(), round ${i + 1}`, r.iterations.toLocaleString('en-US'), fixed(r.wallUsPerOp, 1), fixed(r.cpuUsPerOp, 1), '']),
      ['AccessTokenVerifier.verify(), best round', verifier.best.iterations.toLocaleString('en-US'), fixed(verifier.best.wallUsPerOp, 1), fixed(verifier.best.cpuUsPerOp, 1), verdictText(verdicts.verificationPass, enforce)],
      ['  floor: RS256 verification alone, synchronous node:crypto (2048-bit)', rsa.verify.best.iterations.toLocaleString('en-US'), fixed(rsa.verify.best.wallUsPerOp, 1), fixed(rsa.verify.best.cpuUsPerOp, 1), ''],
      ['  floor: the same through the libuv threadpool (callback crypto.verify, as jose 5 calls it)', rsa.verifyAsync.best.iterations.toLocaleString('en-US'), fixed(rsa.verifyAsync.best.wallUsPerOp, 1), fixed(rsa.verifyAsync.best.cpuUsPerOp, 1), ''],
    ],
    [0, 4],
  );
  const row = (label: string, r: RunFigures) => [label, fixed(r.requestsPerSecond, 0), fixed(r.p50, 2), fixed(r.p99, 2), orNa(r.cpuMsPerRequest, 3), percent(r.cpuBusy)];
  const e2e = table(
    ['GET /api/v1/me (best round)', 'req/s', 'p50 ms', 'p99 ms', 'api CPU ms/req', 'api core busy'],
    [row('API key (Bearer sk_…: one Postgres lookup)', api.apiKey), row('JWT access token (RS256, verified locally)', api.jwt)],
  );
  const rounds = table(
    ['credential', 'round', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'CPU ms/req', 'core busy'],
    [
      ...api.apiKeyRuns.map((r, i) => ['API key', String(i + 1), fixed(r.requestsPerSecond, 0), fixed(r.p50, 2), fixed(r.p99, 2), String(r.requests), orNa(r.cpuMsPerRequest, 3), percent(r.cpuBusy)]),
      ...api.jwtRuns.map((r, i) => ['JWT', String(i + 1), fixed(r.requestsPerSecond, 0), fixed(r.p50, 2), fixed(r.p99, 2), String(r.requests), orNa(r.cpuMsPerRequest, 3), percent(r.cpuBusy)]),
    ],
    [0, 1],
  );
  const diff =
    api.cpuDiffUs === null
      ? 'api CPU per request: not readable'
      : `JWT − API key, api CPU per request: ${api.cpuDiffUs >= 0 ? '+' : ''}${api.cpuDiffUs.toFixed(0)} µs (informational: the API key path spends its share on a Postgres round trip and its driver work instead); req/s JWT / API key: ${fixed(ratio(api.jwt.requestsPerSecond, api.apiKey.requestsPerSecond), 2)}`;
  const noisy = Math.max(spread(api.apiKeyRuns), spread(api.jwtRuns)) > NOISY_SPREAD ? `\nWARNING: rounds of one credential differ by more than ${NOISY_SPREAD * 100}% in req/s: something else was using the machine.` : '';
  return `${micro}\n\n${e2e}\n${diff}\n\nevery round:\n${rounds}${noisy}`;
}

/** Where the auth server was during the measured refresh windows, by package (`--profile`). */
export function formatProfile(shares: readonly ProfileShare[], busySamples: number, top = 14): string {
  const shown = shares.slice(0, top);
  const rest = shares.slice(top).reduce((sum, s) => sum + s.share, 0);
  const rows = shown.map((s) => [s.name, `${(s.share * 100).toFixed(1)}%`]);
  if (rest > 0) rows.push([`${shares.length - top} others`, `${(rest * 100).toFixed(1)}%`]);
  return [
    table(['auth process during the refresh runs, by package (nearest package frame on the stack)', 'share of samples'], rows),
    `(${busySamples.toLocaleString('en-US')} non-idle samples. V8 samples on wall-clock ticks: a sample inside a system call (writev to a socket, `,
    'say) also covers time the process spent waiting for its core, so these are shares of busy time, not exactly of CPU time.)',
  ].join('\n');
}
