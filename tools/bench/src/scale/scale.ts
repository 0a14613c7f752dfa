import { loadavg } from 'node:os';
import { isFailure, runScaleScenario } from '@cs/testing';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { machineFacts, writeResults } from '../kit/results-file';
import { phaseFigures } from './phases';
import { serviceUrls } from '../kit/service-urls';


export const SCALE_COMMAND = benchCommand('scale', {
  quick: '5 s of load before and after the restarts: a smoke test (the zero-failure verdicts still apply)',
  flags: {
    before: { flag: '--before', full: 20, quick: 5, help: 'seconds of load before one replica of each app is sent SIGTERM' },
    after: { flag: '--after', full: 20, quick: 5, help: 'seconds of load once the stack is whole again' },
    reads: { flag: '--reads', full: 40, help: 'reads started per second, lists and retrieves in turn' },
    writes: { flag: '--writes', full: 8, help: 'conversations written per second, each processed and announced by a webhook' },
    replicas: { flag: '--replicas', full: 2, help: 'replicas of each of api, processor and webhook-worker' },
    pollMs: { flag: '--poll-ms', full: 1_000, help: "how often the balancer polls each api replica's /readyz; 2 failures take it out" },
    drainMs: { flag: '--drain-ms', full: 5_000, help: 'SHUTDOWN_DRAIN_MS of the api replicas, by default the production one' },
  },
});
export type ScaleOptions = OptionsOf<typeof SCALE_COMMAND>;

type Out = (text: string) => void;
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));

/** `scale`: see tools/bench/README.md. Returns the exit code: 0 when nothing failed or was lost, 3 otherwise. */
export async function runScale(options: ScaleOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const loadBefore = loadavg()[0] ?? 0;
  const report = await runScaleScenario({
    redisUrl: serviceUrls().redisUrl,
    replicas: options.replicas,
    readsPerSecond: options.reads,
    writesPerSecond: options.writes,
    beforeMs: options.before * 1000,
    afterMs: options.after * 1000,
    balancerPollMs: options.pollMs,
    drainMs: options.drainMs,
    settleTimeoutMs: 120_000,
    progress: log,
  });
  const loadAfter = loadavg()[0] ?? 0;
  const { restart } = report;
  const phases = phaseFigures(
    report.samples.map((s) => ({ startedAt: s.startedAt, ms: s.ms, failed: isFailure(s) })),
    [
      { phase: 'before', from: report.loadStartedAt, to: restart.sigtermAt },
      { phase: 'during', from: restart.sigtermAt, to: restart.doneAt },
      { phase: 'after', from: restart.doneAt, to: report.loadEndedAt },
    ],
  );
  const writes = phaseFigures(
    report.samples.filter((s) => s.kind === 'create').map((s) => ({ startedAt: s.startedAt, ms: s.ms, failed: isFailure(s) })),
    [{ phase: 'all', from: report.loadStartedAt, to: report.loadEndedAt }],
  )[0]!;
  const verdicts = {
    failedRequests: report.failures.length,
    conversationsNotReady: report.notReady.length,
    readyEventsNotDelivered: report.readyEventsMissing.length,
    badSignatures: report.badSignatures,
  };
  const pass = Object.values(verdicts).every((n) => n === 0);

  out(`scale (${options.replicas} replicas each of api, processor, webhook-worker; ${options.reads} reads/s + ${options.writes} writes/s through a readiness-polling balancer)`);
  out(`  SIGTERM to one replica of each after ${options.before} s; stack whole again after ${((restart.doneAt - restart.sigtermAt) / 1000).toFixed(1)} s`);
  out(`  exit after SIGTERM (ms): api ${restart.exitMs.api} (drain ${options.drainMs}), processor ${restart.exitMs.processor}, webhook-worker ${restart.exitMs['webhook-worker']}`);
  out('  phase     seconds  requests   req/s   p50 ms   p99 ms  failed');
  for (const p of phases) {
    out(`  ${p.phase.padEnd(8)} ${p.seconds.toFixed(1).padStart(8)} ${String(p.requests).padStart(9)} ${p.requestsPerSecond.toFixed(1).padStart(7)} ${ms(p.p50).padStart(8)} ${ms(p.p99).padStart(8)} ${String(p.failures).padStart(7)}`);
  }
  out(`  writes (POST /conversations): ${writes.requests}, p50 ${ms(writes.p50)} ms, p99 ${ms(writes.p99)} ms`);
  out(`  failed client requests               ${verdicts.failedRequests}   (must be 0)`);
  out(`  conversations written / not ready    ${report.written} / ${verdicts.conversationsNotReady}   (must be 0)`);
  out(`  conversation.ready not delivered     ${verdicts.readyEventsNotDelivered}   (must be 0)`);
  out(`  deliveries / duplicates              ${report.deliveries} / ${report.duplicateDeliveries}   (duplicates allowed: at least once)`);
  out(`  bad signatures                       ${verdicts.badSignatures}`);
  out(`  quiescent ${(report.settleMs / 1000).toFixed(1)} s after the load (all ready after ${(report.allReadyMs / 1000).toFixed(1)} s, all delivered after ${(report.allDeliveredMs / 1000).toFixed(1)} s); balancer: ${JSON.stringify(report.balancer)}`);
  for (const failure of report.failures.slice(0, 10)) out(`  FAILED ${failure.kind} at +${failure.startedAt - report.loadStartedAt} ms: ${failure.status ?? 'no status'} ${failure.error ?? ''}`);
  out(`  verdict: ${pass ? 'PASS' : 'FAIL'}; load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`);
  const file = writeResults('scale', startedAt, {
    benchmark: 'scale',
    started_at: startedAt.toISOString(),
    options,
    machine: machineFacts(null, loadBefore, loadAfter),
    restart,
    phases,
    writes,
    verdicts,
    written: report.written,
    deliveries: report.deliveries,
    duplicate_deliveries: report.duplicateDeliveries,
    settle_ms: report.settleMs,
    all_ready_ms: report.allReadyMs,
    all_delivered_ms: report.allDeliveredMs,
    balancer: report.balancer,
    failures: report.failures,
    not_ready: report.notReady,
    ready_events_missing: report.readyEventsMissing,
    pass,
  }, {
    quick: options.quick,
    figures:
      `${verdicts.failedRequests} failed of ${phases.reduce((n, p) => n + p.requests, 0).toLocaleString('en-US')} requests, ${verdicts.conversationsNotReady} of ${report.written} conversations lost or stuck, ` +
      `${verdicts.readyEventsNotDelivered} conversation.ready undelivered, ${report.duplicateDeliveries} duplicates; p99 during the restarts ${ms(phases.find((p) => p.phase === 'during')?.p99 ?? Number.NaN)} ms: ${pass ? 'met' : 'not met'}`,
  });
  out(`  results: ${file}`);
  if (!pass) log(`replica output:\n${report.output}`);
  return pass ? 0 : 3;
}
