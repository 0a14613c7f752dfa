// `npm run cli -- <verb> [--json]`: services, an (incremental) build of the
// CLI and what it depends on, then `node tools/cli/dist/main.js <verb> ...`.
// The CLI's stdout is passed through untouched, so with --json it is one JSON
// object; everything of ours (and Nx's) goes to stderr.
// STACK_SKIP_BUILD=1 skips the build.
import fs from 'node:fs';
import path from 'node:path';
import { CLI_ENTRY, ROOT, StackError, applyDefaultEnv, killRunning, main, nxOrFail, onShutdownSignal, run, skipBuild } from './lib.mjs';
import { ensureServices, stopServices } from './services.mjs';

const signalled = onShutdownSignal((signal) => killRunning(signal));

async function cli() {
  applyDefaultEnv();
  await ensureServices();
  if (!skipBuild()) await nxOrFail(['run', 'cli:build'], 'building the CLI', { stdio: ['ignore', 2, 2] });
  if (signalled()) throw new StackError('interrupted', 130);
  if (!fs.existsSync(CLI_ENTRY)) {
    throw new StackError(`the operator CLI is not built (${path.relative(ROOT, CLI_ENTRY)} is missing)`);
  }
  const { code, signal } = await run(process.execPath, [CLI_ENTRY, ...process.argv.slice(2)]);
  if (signal) return 128 + ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 0);
  return code ?? 1;
}

main(cli, { cleanup: stopServices });
