// `npm start`: services → build → migrate → demo seed → every app → banner.
// Ctrl-C (SIGINT) or SIGTERM stops the apps (SIGTERM, up to 10 s), then the
// embedded services, and exits 0. An app exiting on its own stops everything
// and exits non-zero.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import {
  APPS,
  CLI_ENTRY,
  DATA_DIR,
  ROOT,
  StackError,
  applyDefaultEnv,
  killRunning,
  log,
  main,
  nxOrFail,
  onShutdownSignal,
  recordProcess,
  run,
  seconds,
  skipBuild,
  sleep,
  tcpProbe,
  waitForExit,
} from './lib.mjs';
import { ensureServices, stopServices } from './services.mjs';

const HEALTH_TIMEOUT_MS = 60000;
const STOP_TIMEOUT_MS = 10000;

const running = []; // { app, child }
let stopping = false;
let crashed = null; // message, once an app exited on its own
let upAt = 0; // when every app answered its health check
let resolveStop;
const stopRequested = new Promise((resolve) => (resolveStop = resolve));

const signalled = onShutdownSignal(() => {
  killRunning('SIGTERM'); // a build or CLI step in progress
  resolveStop({ code: 0 });
});

class Interrupted extends StackError {
  constructor() {
    super('stopped before the stack was up', 0);
  }
}

/** Runs a preparation step; a signal during it ends start-up quietly. */
async function step(fn) {
  if (signalled()) throw new Interrupted();
  try {
    return await fn();
  } catch (error) {
    if (signalled()) throw new Interrupted();
    throw error;
  }
}

async function cli(args, { capture = false } = {}) {
  if (!fs.existsSync(CLI_ENTRY)) {
    throw new StackError(`the operator CLI is not built (${path.relative(ROOT, CLI_ENTRY)} is missing)`);
  }
  log(`cli ${args.join(' ')}`);
  const result = await run(process.execPath, [CLI_ENTRY, ...args], {
    stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
  });
  if (result.code !== 0) {
    throw new StackError(`cli ${args.join(' ')} failed (${result.signal ? `signal ${result.signal}` : `exit code ${result.code}`})`);
  }
  return result.stdout;
}

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const COLORS = [36, 35, 33, 32, 34];

/** Copies a stream line by line to out, each line prefixed with the app's name. */
function pipeLines(stream, out, prefix) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    out.write(`${prefix} ${line}\n`);
  });
}

function appEnv() {
  return {
    ...process.env,
    NODE_ENV: 'development',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
}

async function startApp(app, index, width) {
  const port = Number(process.env[app.portEnv]);
  if ((await tcpProbe('127.0.0.1', port, 1000)) === 'open') {
    throw new StackError(`port ${port} (${app.portEnv}) is already in use: stop whatever listens there, or set ${app.portEnv}`);
  }
  const label = app.name.padEnd(width);
  const prefix = color ? `\x1b[${COLORS[index % COLORS.length]}m${label} |\x1b[0m` : `${label} |`;
  const child = spawn(process.execPath, [path.join(ROOT, app.entry)], {
    cwd: ROOT,
    env: appEnv(),
    // Own process group: a Ctrl-C in the terminal reaches only us, and we stop
    // the apps with SIGTERM, in order, before the services they use.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child.stdout, process.stdout, prefix);
  pipeLines(child.stderr, process.stderr, prefix);
  running.push({ app, child });
  if (child.pid) recordProcess(child, app.name, path.join(ROOT, app.entry));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    crashed = `${app.name} exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`;
    if (upAt) log(`${crashed}: stopping everything`);
    resolveStop({ code: code || 1 });
  });

  const url = `http://127.0.0.1:${port}${app.health}`;
  const started = Date.now();
  for (;;) {
    if (signalled()) throw new Interrupted();
    if (crashed) throw new StackError(`${crashed} during start-up; see its log lines above`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > HEALTH_TIMEOUT_MS) {
      throw new StackError(`${app.name} did not answer ${url} within ${HEALTH_TIMEOUT_MS / 1000} s`);
    }
    await sleep(250);
  }
  log(`${app.name} is up on port ${port} (${seconds(Date.now() - started)})`);
}

async function stopApps() {
  stopping = true;
  const alive = running.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) return;
  log(`stopping ${alive.map(({ app }) => app.name).join(', ')}`);
  const signalGroup = (child, signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  };
  for (const { child } of alive) signalGroup(child, 'SIGTERM');
  await Promise.all(
    alive.map(async ({ app, child }) => {
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        log(`${app.name} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
        signalGroup(child, 'SIGKILL');
        await waitForExit(child, 2000);
      }
    }),
  );
}

function readDemo() {
  try {
    return JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'demo.json'), 'utf8'));
  } catch {
    return null;
  }
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => String(c ?? '').padEnd(widths[i])).join('  ').trimEnd());
}

function banner(startedApps, skippedApps) {
  const demo = readDemo();
  // api_url may be the origin or already end in /api/v1.
  const apiUrl = (demo?.api_url || process.env.PUBLIC_API_URL).replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const authUrl = (demo?.auth_url || process.env.PUBLIC_AUTH_URL).replace(/\/$/, '');
  const mcpUrl = demo?.mcp_url || process.env.PUBLIC_MCP_URL;
  const isUp = (name) => (startedApps.includes(name) ? '' : '   (not running)');
  const bold = (s) => (color ? `\x1b[1m${s}\x1b[0m` : s);
  const lines = [
    '',
    bold('Conversation Service is running'),
    '',
    `  API       ${apiUrl}/api/v1${isUp('api')}`,
    `  OpenAPI   ${apiUrl}/api/v1/openapi.json${isUp('api')}`,
    `  API docs  ${apiUrl}/api/v1/docs${isUp('api')}`,
    `  Auth      ${authUrl}   (discovery: ${authUrl}/.well-known/openid-configuration)${isUp('auth')}`,
    `  MCP       ${mcpUrl}${isUp('mcp')}`,
  ];
  if (skippedApps.length > 0) lines.push(`  Not built yet, skipped: ${skippedApps.join(', ')}`);
  if (!demo) {
    lines.push('', `  No demo credentials: ${path.relative(ROOT, path.join(DATA_DIR, 'demo.json'))} was not written by the seed.`);
  } else {
    const workspaces = new Map((demo.workspaces ?? []).map((w) => [w.id, w.name]));
    const users = demo.users ?? [];
    lines.push('', bold('Demo users') + '   (also in .data/demo.json)');
    for (const row of table([
      ['email', 'password', 'role', 'workspace', 'api key'],
      ...users.map((u) => [u.email, u.password, u.role, workspaces.get(u.workspace_id) ?? u.workspace_id, u.api_key]),
    ])) {
      lines.push(`  ${row}`);
    }
    if (demo.oauth_client) {
      const c = demo.oauth_client;
      lines.push(
        '',
        bold('Demo OAuth client'),
        `  client_id      ${c.client_id}`,
        `  client_secret  ${c.client_secret}`,
        `  redirect_uris  ${(c.redirect_uris ?? []).join(' ')}`,
        `  scopes         ${Array.isArray(c.scopes) ? c.scopes.join(' ') : c.scopes}`,
      );
    }
    const key = users.find((u) => u.api_key)?.api_key;
    if (key) {
      lines.push('', bold('Try'), `  curl -H "Authorization: Bearer ${key}" ${apiUrl}/api/v1/conversations`);
    }
  }
  lines.push('', 'Press Ctrl-C to stop everything.', '');
  process.stdout.write(lines.join('\n') + '\n');
}

async function start() {
  const began = Date.now();
  applyDefaultEnv();
  await step(() => ensureServices());
  if (skipBuild()) log('STACK_SKIP_BUILD is set: not building');
  else await step(() => nxOrFail(['run-many', '-t', 'build'], 'build', { stdio: ['ignore', 'inherit', 'inherit'] }));
  await step(() => cli(['migrate']));
  const seedOutput = await step(() => cli(['seed:demo', '--json'], { capture: true }));
  try {
    JSON.parse(seedOutput);
  } catch {
    log('note: cli seed:demo --json did not print one JSON object on stdout');
  }

  const toStart = APPS.filter((app) => fs.existsSync(path.join(ROOT, app.entry)));
  const skipped = APPS.filter((app) => !toStart.includes(app)).map((app) => app.name);
  for (const name of skipped) log(`skipping ${name}: ${APPS.find((a) => a.name === name).entry} is not built`);
  if (toStart.length === 0) throw new StackError('no app is built: nothing to start');
  const width = Math.max(...toStart.map((app) => app.name.length));
  for (const [index, app] of toStart.entries()) {
    log(`starting ${app.name} (${app.portEnv}=${process.env[app.portEnv]})`);
    await step(() => startApp(app, index, width));
  }
  upAt = Date.now();
  log(`everything is up in ${seconds(upAt - began)}`);
  banner(
    toStart.map((app) => app.name),
    skipped,
  );

  const { code } = await stopRequested;
  return code;
}

main(start, {
  cleanup: async () => {
    await stopApps();
    await stopServices();
  },
});
