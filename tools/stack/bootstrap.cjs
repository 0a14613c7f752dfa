#!/usr/bin/env node
'use strict';
/*
 * Entry point of `npm start`, `npm test`, `npm run cli` and `npm run bench`.
 *
 * Runs on whatever Node the machine has (20 or newer), with no dependencies:
 *   1. installs node_modules when it is missing or stale (npm ci, never
 *      npm install while there is a lockfile), so a fresh clone works with
 *      one command and installs exactly what CI tested;
 *   2. re-executes tools/stack/<command>.mjs with the Node 24 pinned in
 *      devDependencies (node_modules/.bin/node), forwarding arguments, signals
 *      and the exit code.
 *
 * All output of this file goes to stderr, so `npm run cli -- <verb> --json`
 * keeps stdout for the CLI's JSON.
 */
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const COMMANDS = ['start', 'test', 'cli', 'bench'];
const IS_WINDOWS = process.platform === 'win32';

function log(message) {
  process.stderr.write(`[stack] ${message}\n`);
}

function fail(message) {
  log(message);
  process.exit(1);
}

function mtimeMs(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function readText(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

const nodeModules = path.join(ROOT, 'node_modules');
const lockfile = path.join(ROOT, 'package-lock.json');
const hiddenLockfile = path.join(nodeModules, '.package-lock.json');
const stampFile = path.join(nodeModules, '.install-stamp');
const pinnedNode = IS_WINDOWS
  ? path.join(nodeModules, 'node', 'bin', 'node.exe')
  : path.join(nodeModules, '.bin', 'node');

/** Why node_modules must be (re)installed, or null when it is up to date. */
function installReason() {
  if (!fs.existsSync(hiddenLockfile)) return 'node_modules is missing';
  if (!fs.existsSync(pinnedNode)) return 'the pinned Node (node_modules/.bin/node) is missing';
  if (!fs.existsSync(lockfile)) {
    return mtimeMs(hiddenLockfile) < mtimeMs(path.join(ROOT, 'package.json'))
      ? 'package.json changed since the last install'
      : null;
  }
  // The stamp is written only after an `npm ci` of this very lockfile: anything else (a pull, a hand-run
  // `npm install`, `npm install --package-lock-only`) leaves node_modules unknown, and it is installed again.
  const stamp = readText(stampFile);
  if (stamp === sha256(lockfile)) return null;
  return stamp === null ? 'node_modules was not installed from this package-lock.json' : 'package-lock.json changed since the last install';
}

function npmCommand() {
  // Inside `npm run`, npm_execpath points at the npm that is running us.
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.js$/.test(execPath) && fs.existsSync(execPath)) {
    return { cmd: process.execPath, prefix: [execPath] };
  }
  return { cmd: IS_WINDOWS ? 'npm.cmd' : 'npm', prefix: [] };
}

function ensureInstalled() {
  const reason = installReason();
  if (reason === null) return;
  // With a lockfile the install is `npm ci` and nothing else: `npm install`
  // would resolve versions afresh, rewrite package-lock.json and install
  // something CI never tested.
  const verb = fs.existsSync(lockfile) ? 'ci' : 'install';
  log(`${reason}: running npm ${verb}`);
  const npm = npmCommand();
  const started = Date.now();
  const result = spawnSync(npm.cmd, [...npm.prefix, verb], {
    cwd: ROOT,
    // npm's own stdout goes to our stderr: stdout belongs to the command.
    stdio: ['inherit', 2, 2],
    shell: IS_WINDOWS && npm.prefix.length === 0,
  });
  if (result.error) fail(`npm ${verb} could not be started: ${result.error.message}`);
  if (result.status !== 0) {
    const how = result.signal ? `signal ${result.signal}` : `exit code ${result.status}`;
    fail(
      verb === 'ci'
        ? `npm ci failed (${how}): package-lock.json must match package.json; fix the lockfile (npm install --package-lock-only) and commit it`
        : `npm install failed (${how})`,
    );
  }
  if (!fs.existsSync(pinnedNode)) {
    fail(`npm ${verb} finished but ${path.relative(ROOT, pinnedNode)} is missing: is "node" in devDependencies?`);
  }
  if (fs.existsSync(lockfile)) fs.writeFileSync(stampFile, `${sha256(lockfile)}\n`);
  log(`npm ${verb} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!COMMANDS.includes(command)) {
    fail(`usage: node tools/stack/bootstrap.cjs <${COMMANDS.join('|')}> [args...]`);
  }
  ensureInstalled();

  // Like npm does, put node_modules/.bin first on the PATH so tools spawned
  // later (nx, tsc, jest, eslint and their `#!/usr/bin/env node`) run on the
  // pinned Node too, even when this file is run directly rather than via npm.
  const binDir = path.join(nodeModules, '.bin');
  const pathKey = Object.keys(process.env).find((k) => k.toUpperCase() === 'PATH') || 'PATH';
  const env = { ...process.env, [pathKey]: [binDir, process.env[pathKey] || ''].join(path.delimiter) };

  const child = spawn(pinnedNode, [path.join(__dirname, `${command}.mjs`), ...args], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });

  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = IS_WINDOWS ? ['SIGINT', 'SIGTERM', 'SIGBREAK'] : ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const signal of signals) process.on(signal, () => forward(signal));

  // npm passes a SIGTERM on to the `sh -c` running this script, and sh dies
  // without passing it on to us: being re-parented means whoever started us
  // is gone, so stop the command as if we had received SIGTERM ourselves.
  const parent = process.ppid;
  const watchParent = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(watchParent);
      log('the parent process exited: stopping');
      forward('SIGTERM');
    }
  }, 500);
  watchParent.unref();

  child.on('error', (error) => fail(`could not start ${pinnedNode}: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (signal) {
      // Die of the same signal, so our parent sees what really happened.
      for (const s of signals) process.removeAllListeners(s);
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(1), 1000).unref();
      return;
    }
    process.exit(code === null ? 1 : code);
  });
}

main();
