// `npm run bench -- <name>`: services, build, then the benchmarks built from
// tools/bench (`node tools/bench/dist/main.js <name> ...`), which print their
// figures on stdout. STACK_SKIP_BUILD=1 skips the build.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, StackError, applyDefaultEnv, killRunning, log, main, nxOrFail, onShutdownSignal, run, skipBuild } from './lib.mjs';
import { ensureServices, stopServices } from './services.mjs';

const BENCH_ENTRY = path.join(ROOT, 'tools', 'bench', 'dist', 'main.js');

const signalled = onShutdownSignal((signal) => killRunning(signal));

async function bench() {
  if (!fs.existsSync(path.join(ROOT, 'tools', 'bench')) && !fs.existsSync(BENCH_ENTRY)) {
    log('no benchmarks built yet (there is no tools/bench)');
    return 1;
  }
  applyDefaultEnv();
  await ensureServices();
  if (!skipBuild()) await nxOrFail(['run-many', '-t', 'build'], 'build', { stdio: ['ignore', 2, 2] });
  if (signalled()) throw new StackError('interrupted', 130);
  if (!fs.existsSync(BENCH_ENTRY)) {
    log(`no benchmarks built yet (${path.relative(ROOT, BENCH_ENTRY)} is missing)`);
    return 1;
  }
  const { code, signal } = await run(process.execPath, [BENCH_ENTRY, ...process.argv.slice(2)]);
  if (signal) return 128 + ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 0);
  return code ?? 1;
}

main(bench, { cleanup: stopServices });
