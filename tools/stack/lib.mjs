// Shared helpers of the tools/stack commands: logging, child processes,
// signal handling and the Nx invocation. Node built-ins only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = path.join(ROOT, '.data');

/** Our own status lines: always stderr, always prefixed. */
export function log(message) {
  process.stderr.write(`[stack] ${message}\n`);
}

/** An error whose message is meant for the operator as it is (no stack trace). */
export class StackError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

// Tools that node_modules/.bin provides must win over the machine's, and their
// `#!/usr/bin/env node` must find the pinned Node: the bootstrap already puts
// node_modules/.bin first, this also covers running a .mjs directly.
const PATH_KEY = Object.keys(process.env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
{
  const binDir = path.join(ROOT, 'node_modules', '.bin');
  const parts = (process.env[PATH_KEY] ?? '').split(path.delimiter).filter(Boolean);
  if (parts[0] !== binDir) process.env[PATH_KEY] = [binDir, ...parts].join(path.delimiter);
}

/** Absolute path of an executable found on the PATH, or null. */
export function which(name) {
  const exts = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE;.CMD').split(';') : [''];
  for (const dir of (process.env[PATH_KEY] ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

// Environment for Nx: no daemon, no cloud, no full-screen terminal UI (its
// output is streamed into ours, sometimes into stderr).
export const NX_ENV = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

const children = new Set();

/**
 * Runs a command to completion. stdio defaults to inherit; pass
 * ['inherit', 2, 2] to send its stdout to our stderr, or a 'pipe' stdout to
 * capture it. Resolves with { code, signal, stdout }; never rejects for a
 * non-zero exit.
 */
export function run(cmd, args, { env, stdio = 'inherit', cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio });
    children.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      children.delete(child);
      reject(new StackError(`could not run ${cmd}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code, signal, stdout: Buffer.concat(chunks).toString('utf8') });
    });
  });
}

/** 'open', or the reason a TCP connect to host:port failed. */
export function tcpProbe(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done('timeout'));
    socket.once('connect', () => done('open'));
    socket.once('error', (error) => done(error.code ?? error.message));
  });
}

/** Runs the workspace's Nx with the pinned Node. */
export function nx(args, options = {}) {
  return run(process.execPath, [path.join(ROOT, 'node_modules', 'nx', 'bin', 'nx.js'), ...args], {
    ...options,
    env: { ...NX_ENV, ...options.env },
  });
}

/** Runs nx and throws a StackError naming the step when it fails. */
export async function nxOrFail(args, what, options = {}) {
  const started = Date.now();
  log(`${what}: nx ${args.join(' ')}`);
  const { code, signal } = await nx(args, options);
  if (code !== 0) {
    throw new StackError(`${what} failed (${signal ? `signal ${signal}` : `exit code ${code}`})`, code || 1);
  }
  log(`${what} done in ${seconds(Date.now() - started)}`);
}

/** Sends a signal to every command started by run() that is still running. */
export function killRunning(signal = 'SIGTERM') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

/**
 * Calls onSignal(signal) once on the first SIGINT/SIGTERM/SIGHUP. Later
 * signals are ignored: a Ctrl-C usually arrives twice (from the terminal and
 * forwarded by npm and the bootstrap), and shutdown is bounded anyway.
 */
export function onShutdownSignal(onSignal) {
  let received = null;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (received) return;
      received = signal;
      log(`${signal} received, stopping`);
      onSignal(signal);
    });
  }
  return () => received;
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves true when the child exits within ms, false otherwise. */
export function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Last lines of a log file, for error messages. */
export function tail(file, lines = 15) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Standard main(): runs fn, turns errors into one line and an exit code. */
export function main(fn, { cleanup = async () => {} } = {}) {
  fn()
    .then(async (code) => {
      await cleanup();
      process.exit(code ?? 0);
    })
    .catch(async (error) => {
      if (error instanceof StackError) log(error.message);
      else log(`unexpected error: ${error?.stack ?? error}`);
      try {
        await cleanup();
      } catch (cleanupError) {
        log(`cleanup failed: ${cleanupError?.message ?? cleanupError}`);
      }
      process.exit(error?.exitCode ?? 1);
    });
}

/**
 * The deployables `npm start` runs, in start order. Adding an app is one line;
 * an app whose entry is not built yet is skipped with a note.
 * health: the path answered with 200 once the app is up.
 */
export const APPS = [
  { name: 'api', entry: 'apps/api/dist/main.js', portEnv: 'API_PORT', port: 3000, health: '/healthz' },
  { name: 'auth', entry: 'apps/auth/dist/main.js', portEnv: 'AUTH_PORT', port: 3001, health: '/healthz' },
  { name: 'mcp', entry: 'apps/mcp/dist/main.js', portEnv: 'MCP_PORT', port: 3002, health: '/healthz' },
  { name: 'webhook-worker', entry: 'apps/webhook-worker/dist/main.js', portEnv: 'WEBHOOK_WORKER_PORT', port: 3003, health: '/healthz' },
  { name: 'processor', entry: 'apps/processor/dist/main.js', portEnv: 'PROCESSOR_PORT', port: 3004, health: '/healthz' },
];

/**
 * Fills in the ports and public URLs every app and the CLI read, unless the
 * caller set them: ports from APPS, PUBLIC_*_URL from those ports.
 */
export function applyDefaultEnv() {
  for (const app of APPS) process.env[app.portEnv] ||= String(app.port);
  process.env.PUBLIC_API_URL ||= `http://localhost:${process.env.API_PORT}`;
  process.env.PUBLIC_AUTH_URL ||= `http://localhost:${process.env.AUTH_PORT}`;
  process.env.PUBLIC_MCP_URL ||= `http://localhost:${process.env.MCP_PORT}/mcp`;
}

/** STACK_SKIP_BUILD=1 skips the Nx build (when dist/ is known to be current). */
export function skipBuild() {
  return ['1', 'true', 'yes'].includes(String(process.env.STACK_SKIP_BUILD ?? '').toLowerCase());
}

export const CLI_ENTRY = path.join(ROOT, 'tools', 'cli', 'dist', 'main.js');

// ------------------------------------------------------------- leftovers --
// Every long-lived process we start (embedded servers, apps) is recorded in
// .data/run/<our pid>.json and forgotten once stopped. If a stack command dies
// without cleaning up (kill -9), the next one stops what it left behind, so
// ports are free and .data/postgres is not held by an orphan. A process is
// only signalled while its command line still matches what we started
// (guards against pid reuse); without /proc (not Linux) nothing is touched.
const RUN_DIR = path.join(DATA_DIR, 'run');
const recorded = new Map(); // pid -> { name, marker, stopSignal }

function writeRecord() {
  try {
    fs.mkdirSync(RUN_DIR, { recursive: true });
    const file = path.join(RUN_DIR, `${process.pid}.json`);
    if (recorded.size === 0) fs.rmSync(file, { force: true });
    else fs.writeFileSync(file, JSON.stringify([...recorded].map(([pid, r]) => ({ pid, ...r }))));
  } catch {
    // best effort
  }
}

/** Remembers a child we started; marker must occur in its command line. */
export function recordProcess(child, name, marker, stopSignal = 'SIGTERM') {
  recorded.set(child.pid, { name, marker, stopSignal });
  writeRecord();
  child.once('exit', () => {
    recorded.delete(child.pid);
    writeRecord();
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    // A zombie (killed, not yet reaped by its parent) is not running.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

/** Stops processes recorded by stack commands that are no longer running. */
export async function stopLeftovers() {
  let files;
  try {
    files = fs.readdirSync(RUN_DIR).filter((f) => /^\d+\.json$/.test(f));
  } catch {
    return;
  }
  for (const file of files) {
    const owner = Number(file.replace('.json', ''));
    if (owner === process.pid || isAlive(owner)) continue;
    let entries = [];
    try {
      entries = JSON.parse(fs.readFileSync(path.join(RUN_DIR, file), 'utf8'));
    } catch {
      // unreadable: drop it
    }
    const victims = entries.filter((e) => isAlive(e.pid) && (commandLine(e.pid) ?? '').includes(e.marker));
    for (const e of victims) {
      log(`stopping ${e.name} (pid ${e.pid}), left running by a stack command that did not shut down`);
      try {
        process.kill(e.pid, e.stopSignal);
      } catch {
        // gone
      }
    }
    const deadline = Date.now() + 15000;
    while (victims.some((e) => isAlive(e.pid)) && Date.now() < deadline) await sleep(100);
    for (const e of victims.filter((v) => isAlive(v.pid))) {
      try {
        process.kill(e.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    fs.rmSync(path.join(RUN_DIR, file), { force: true });
  }
}
