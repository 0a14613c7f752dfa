import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { freePort } from '@cs/testing';
import { ROOT } from './results-file';
import { serviceUrls } from './service-urls';

export interface Pinning {
  /** The CPU the servers are pinned to, or null when they run unpinned. */
  cpu: number | null;
  warning: string | null;
}

/** A server that runs on any core: one whose speed the benchmark does not compare (auth beside the MCP server, a worker). */
export const UNPINNED: Pinning = { cpu: null, warning: null };

/**
 * Servers run on one core, the last one (the load generator and Postgres share the others): with
 * `taskset -c N` from util-linux when it works here, else unpinned with a warning.
 */
export function choosePinning(): Pinning {
  const cores = availableParallelism();
  if (cores < 2) return { cpu: null, warning: 'only one CPU: servers run unpinned, sharing it with the load generator and Postgres' };
  const cpu = cores - 1;
  const probe = spawnSync('taskset', ['-c', String(cpu), 'true'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    return { cpu: null, warning: 'taskset (util-linux) is missing or refused: servers run unpinned, so the figures are not per core' };
  }
  return { cpu, warning: null };
}

/** The tests' free port: one no outgoing connection can take before the server binds it. */
export { freePort };

/** Children still running, so that an interrupted benchmark leaves no server behind. */
const children = new Set<ChildProcess>();

/** SIGKILLs every server this process started and that still runs (for signal handlers). */
export function killStartedServers(): void {
  for (const child of children) child.kill('SIGKILL');
}

export interface RunningServer {
  name: string;
  baseUrl: string;
  pid: number;
  /** CPU time (user + system) the process has used so far, in seconds; null where /proc is not there. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

let clockTicks: number | null = null;

/** utime + stime of a process from /proc/<pid>/stat (Linux), in seconds. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return null;
  }
}

type App = 'api' | 'auth' | 'mcp' | 'processor' | 'webhook-worker';

/** The built entry point of one of the apps. */
export const appEntry = (app: App): string => join(ROOT, 'apps', app, 'dist', 'main.js');

/** Null when the apps a benchmark starts are built; else what to tell the user. */
export function missingBuild(...apps: App[]): string | null {
  const missing = apps.map(appEntry).find((entry) => !existsSync(entry));
  return missing === undefined ? null : `${relative(ROOT, missing)} is missing: build the apps first (npm run bench builds everything)`;
}

/**
 * Starts `node <entry>` (pinned when asked; unpinned by default) on `port` (a free one unless given, put in the
 * environment as `portVariable` when named), waits until `GET <healthPath>` (`/healthz` by default) answers 200,
 * and keeps its stderr for errors.
 */
/**
 * How a benchmark that runs built apps starts: its start time and the services' URLs, or null (the reason logged) when
 * one of the apps is not built.
 */
export function benchStart(log: (text: string) => void, ...apps: App[]): { startedAt: Date; serverUrl: string; redisUrl: string } | null {
  const startedAt = new Date();
  const missing = missingBuild(...apps);
  if (missing) {
    log(missing);
    return null;
  }
  const { databaseUrl: serverUrl, redisUrl } = serviceUrls();
  return { startedAt, serverUrl, redisUrl };
}

export async function startServer(options: {
  name: string;
  entry: string;
  port?: number;
  portVariable?: string;
  env: NodeJS.ProcessEnv;
  pinning?: Pinning;
  healthPath?: string;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const { name, entry, pinning = UNPINNED, healthPath = '/healthz' } = options;
  const port = options.port ?? (await freePort());
  const env = options.portVariable ? { ...options.env, [options.portVariable]: String(port) } : options.env;
  const command = pinning.cpu === null ? process.execPath : 'taskset';
  const args = pinning.cpu === null ? [entry] : ['-c', String(pinning.cpu), process.execPath, entry];
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8_000);
  });
  let exited: string | null = null;
  child.on('exit', (code, signal) => {
    children.delete(child);
    exited = `exited (${signal ?? code})`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited) throw new Error(`${name} ${exited} before answering:\n${stderr.trim()}`);
    try {
      const response = await fetch(`${baseUrl}${healthPath}`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer ${healthPath} within ${(options.timeoutMs ?? 60_000) / 1000} s:\n${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    baseUrl,
    pid: child.pid ?? -1,
    cpuSeconds: () => (child.pid === undefined ? null : processCpuSeconds(child.pid)),
    async stop() {
      if (exited) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
