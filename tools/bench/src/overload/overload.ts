import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { prepareAuthDatabase } from '../auth/setup';
import { seedMcpDataset } from '../mcp/mcp-dataset';
import { benchAppEnv, resourceServerBenchEnv } from '../kit/resource-server-env';
import { machineFacts, writeResults } from '../kit/results-file';
import { loadRun } from '../kit/closed-loop';
import { appEntry, choosePinning, benchStart, type RunningServer, startServer } from '../kit/servers';
import { bestRun, type RunFigures } from '../kit/stats';
import { type OpenLoopFigures, openLoopRun } from './open-loop';

/** Issue 7: under twice the load that saturates `api`, it keeps answering. */
export const OVERLOAD_FACTOR = 2;

export const OVERLOAD_COMMAND = benchCommand('overload', {
  quick: '500 conversations, short phases: a smoke test',
  flags: {
    conversations: { flag: '--conversations', full: 2000, quick: 500, help: 'ready conversations in the workspace' },
    connections: { flag: '--connections', full: 32, help: 'closed-loop connections used to find the saturating rate' },
    saturationSeconds: { flag: '--saturation', full: 8, quick: 3, help: 'seconds of closed-loop load per round to find the saturating rate, 2 rounds' },
    overloadSeconds: { flag: '--overload', full: 20, quick: 5, help: `seconds of open-loop load at ${OVERLOAD_FACTOR}x the saturating rate` },
    recoverySeconds: { flag: '--recovery', full: 10, quick: 3, help: 'seconds of open-loop load at half the saturating rate afterwards' },
    timeoutSeconds: { flag: '--timeout', full: 10, help: 'seconds after which an unanswered request counts as an error' },
  },
});
export type OverloadOptions = OptionsOf<typeof OVERLOAD_COMMAND>;

type Out = (text: string) => void;

/** Resident memory of a process in MiB, from /proc (Linux); null elsewhere or once it is gone. */
function residentMiB(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Runs `phase` while sampling the server's memory every 250 ms; returns the phase's result and the peak. */
async function withMemoryPeak<T>(pid: number, phase: () => Promise<T>): Promise<{ result: T; peakMiB: number | null }> {
  let peak: number | null = null;
  const timer = setInterval(() => {
    const rss = residentMiB(pid);
    if (rss !== null) peak = Math.max(peak ?? 0, rss);
  }, 250);
  try {
    return { result: await phase(), peakMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

const ms = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');

function describe(name: string, f: OpenLoopFigures, peakMiB: number | null): string {
  return [
    `${name}: offered ${f.offeredRate.toFixed(0)} req/s for ${f.sent} requests`,
    `  2xx ${f.ok} (${f.okPerSecond.toFixed(0)}/s, p50 ${ms(f.okP50)}, p99 ${ms(f.okP99)})`,
    `  429 ${f.limited} (p99 ${ms(f.limitedP99)}; Retry-After ${f.retryAfter.join(', ') || '-'})`,
    `  5xx ${f.serverErrors}, other status ${f.otherStatus}, unanswered (errors/timeouts) ${f.errors}`,
    `  most in flight ${f.maxInFlight}; api peak RSS ${peakMiB === null ? '-' : `${peakMiB.toFixed(0)} MiB`}`,
  ].join('\n');
}

/** `overload`: see tools/bench/README.md. Returns the exit code: 0 when the api kept answering. */
export async function runOverload(options: OverloadOptions, out: Out, log: Out): Promise<number> {
  const start = benchStart(log, 'api');
  if (!start) return 1;
  const { startedAt, serverUrl, redisUrl } = start;
  const loadBefore = loadavg()[0] ?? 0;
  const fixtures = await prepareAuthDatabase(serverUrl, 'cs_bench_overload');
  const dataset = await seedMcpDataset(fixtures.url, fixtures.workspaceId, fixtures.user.id, options.conversations);
  log(`database cs_bench_overload ready; ${dataset.conversations} conversations seeded in ${dataset.seconds.toFixed(1)} s`);

  const pinning = choosePinning();
  if (pinning.warning) log(`WARNING: ${pinning.warning}`);
  let api: RunningServer | null = null;
  try {
    // Per-key limits far above the load: what is measured is the server's own protection, not a quota.
    api = await startServer({ name: 'api', entry: appEntry('api'), portVariable: 'API_PORT', pinning, env: { ...benchAppEnv(fixtures.url, redisUrl), ...resourceServerBenchEnv() } });
    log(`api (pid ${api.pid}) up${pinning.cpu === null ? ', unpinned' : `, pinned to CPU ${pinning.cpu}`}`);
    const url = `${api.baseUrl}/api/v1/conversations?limit=25`;
    const headers = { authorization: `Bearer ${fixtures.apiKey}` };
    const server = api;

    log('warming up');
    await loadRun({ url, headers, connections: 8, durationSeconds: 2 });
    const rounds: RunFigures[] = [];
    for (let round = 0; round < 2; round++) {
      rounds.push(await loadRun({ url, headers, connections: options.connections, durationSeconds: options.saturationSeconds, serverCpuSeconds: () => server.cpuSeconds() }));
    }
    const saturation = bestRun(rounds);
    if (saturation.failures > 0) log(`WARNING: ${saturation.failures} non-2xx answers while finding the saturating rate`);
    const overloadRate = Math.ceil(saturation.requestsPerSecond * OVERLOAD_FACTOR);
    log(`saturating rate ${saturation.requestsPerSecond.toFixed(0)} req/s (closed loop, ${options.connections} connections); offering ${overloadRate} req/s`);

    const timeoutMs = options.timeoutSeconds * 1000;
    const overload = await withMemoryPeak(server.pid, () => openLoopRun({ url, headers, rate: overloadRate, durationSeconds: options.overloadSeconds, timeoutMs }));
    const recoveryRate = Math.max(1, Math.floor(saturation.requestsPerSecond / 2));
    const recovery = await withMemoryPeak(server.pid, () => openLoopRun({ url, headers, rate: recoveryRate, durationSeconds: options.recoverySeconds, timeoutMs }));
    const sameProcess = residentMiB(server.pid) !== null;

    const keptAnswering = overload.result.serverErrors === 0 && overload.result.errors === 0 && overload.result.otherStatus === 0 && sameProcess;
    const recovered = recovery.result.ok === recovery.result.sent;

    out(`overload: GET /api/v1/conversations?limit=25 on apps/api${pinning.cpu === null ? ' (unpinned)' : ` pinned to CPU ${pinning.cpu}`}`);
    out(
      `saturation (closed loop, ${options.connections} connections, best of 2): ${saturation.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(saturation.p50)}, p99 ${ms(saturation.p99)}` +
        (saturation.cpuBusy === null ? '' : `, api CPU ${(saturation.cpuBusy * 100).toFixed(0)}%`),
    );
    out(describe(`overload (${OVERLOAD_FACTOR}x, open loop, ${options.overloadSeconds} s)`, overload.result, overload.peakMiB));
    out(describe(`recovery (0.5x, open loop, ${options.recoverySeconds} s)`, recovery.result, recovery.peakMiB));
    out(`kept answering under ${OVERLOAD_FACTOR}x load (no 5xx, no unanswered request, same process): ${keptAnswering ? 'yes' : 'NO'}`);
    out(`recovered (every request 2xx at half the saturating rate afterwards): ${recovered ? 'yes' : 'NO'}`);

    const file = writeResults('overload', startedAt, {
      benchmark: 'overload',
      quick: options.quick,
      started_at: startedAt.toISOString(),
      machine: machineFacts(pinning.cpu, loadBefore, loadavg()[0] ?? 0),
      options,
      saturation,
      overload: { ...overload.result, peak_rss_mib: overload.peakMiB },
      recovery: { ...recovery.result, peak_rss_mib: recovery.peakMiB },
      kept_answering: keptAnswering,
      recovered,
    }, {
      quick: options.quick,
      figures:
        `saturation ${saturation.requestsPerSecond.toFixed(0)} req/s; at ${OVERLOAD_FACTOR}× offered: ${overload.result.okPerSecond.toFixed(0)} 2xx/s (p99 ${ms(overload.result.okP99)}), ` +
        `${overload.result.limited} 429s, ${overload.result.serverErrors} 5xx, ${overload.result.errors} unanswered; recovered: ${recovered ? 'yes' : 'NO'}`,
    });
    log(`results written to ${file}`);
    return keptAnswering && recovered ? 0 : 2;
  } finally {
    await api?.stop();
  }
}
