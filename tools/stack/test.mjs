// `npm test` (and .ci/run): services, then lint → type-check → build →
// unit + integration → browser (installs Debian's chromium when missing) → e2e, stopping at the first failure. Each step is
// announced and timed; a summary of the durations closes the run.
//
// The suites get DATABASE_URL and REDIS_URL (they create their own isolated
// databases on that server) and CI as the caller set it.
import path from 'node:path';
import { ROOT, StackError, applyDefaultEnv, killRunning, log, main, nx, onShutdownSignal, run, seconds } from './lib.mjs';
import { ensureServices, stopServices } from './services.mjs';

const STEPS = [
  { name: 'lint', title: 'lint', run: () => nx(['run-many', '-t', 'lint']) },
  {
    name: 'type-check',
    title: 'type-check (tsc --noEmit)',
    run: () => run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit']),
  },
  { name: 'build', title: 'build', run: () => nx(['run-many', '-t', 'build']) },
  { name: 'test', title: 'unit and integration tests', run: () => nx(['run-many', '-t', 'test']) },
  { name: 'chromium', title: 'browser for the e2e tests', run: () => run(process.execPath, [path.join(ROOT, 'tools', 'stack', 'ensure-chromium.mjs')]) },
  { name: 'e2e', title: 'end-to-end tests', run: () => nx(['run-many', '-t', 'e2e']) },
];

const signalled = onShutdownSignal(() => killRunning('SIGTERM'));

const results = []; // { name, status: 'ok' | 'FAILED' | 'interrupted', ms }

function summary(totalMs) {
  const width = Math.max(...STEPS.map((s) => s.name.length), 'services'.length);
  log('summary');
  for (const s of STEPS) {
    const r = results.find((x) => x.name === s.name);
    const status = r ? r.status : 'skipped';
    const time = r ? seconds(r.ms).padStart(9) : '';
    log(`  ${s.name.padEnd(width)}  ${status.padEnd(11)} ${time}`);
  }
  log(`  ${'total'.padEnd(width)}  ${''.padEnd(11)} ${seconds(totalMs).padStart(9)}`);
}

async function test() {
  const began = Date.now();
  applyDefaultEnv();
  const services = await ensureServices();
  log(`suites use DATABASE_URL=${services.databaseUrl.replace(/:[^:@/]*@/, ':***@')} REDIS_URL=${services.redisUrl.replace(/:[^:@/]*@/, ':***@')}`);
  try {
    for (const [index, s] of STEPS.entries()) {
      if (signalled()) break;
      log('');
      log(`── ${index + 1}/${STEPS.length} ${s.title} ${'─'.repeat(Math.max(4, 60 - s.title.length))}`);
      const started = Date.now();
      const { code, signal } = await s.run();
      const ms = Date.now() - started;
      if (signalled()) {
        results.push({ name: s.name, status: 'interrupted', ms });
        throw new StackError('interrupted', 130);
      }
      if (code !== 0) {
        results.push({ name: s.name, status: 'FAILED', ms });
        log(`${s.title} failed (${signal ? `signal ${signal}` : `exit code ${code}`}) after ${seconds(ms)}`);
        throw new StackError(`npm test failed at: ${s.name}`, code || 1);
      }
      results.push({ name: s.name, status: 'ok', ms });
      log(`${s.title}: ok in ${seconds(ms)}`);
    }
  } finally {
    log('');
    summary(Date.now() - began);
  }
  if (signalled()) throw new StackError('interrupted', 130);
  log('all steps passed');
  return 0;
}

main(test, { cleanup: stopServices });
