import { runScaleScenario, type ScaleReport } from '@cs/testing';

describe('two replicas of each app, one of each restarted under load (issue 7 scaling proof, reduced)', () => {
  let report: ScaleReport;

  beforeAll(async () => {
    report = await runScaleScenario({
      redisUrl: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      replicas: 2,
      readsPerSecond: 20,
      writesPerSecond: 4,
      beforeMs: 4_000,
      afterMs: 3_000,
      // The balancer moves on within a poll; the drain covers two polls and a margin for a busy machine.
      balancerPollMs: 250,
      drainMs: 1_500,
      settleTimeoutMs: 45_000,
    });
  }, 140_000);

  const context = () => `\n${JSON.stringify({ restart: report.restart, balancer: report.balancer, settleMs: report.settleMs }, null, 2)}\n${report.output}`;

  it('fails no client request, before, during or after the restarts', () => {
    expect(report.samples.filter((s) => s.startedAt >= report.restart.sigtermAt && s.startedAt <= report.restart.doneAt).length).toBeGreaterThan(0);
    expect(report.written).toBeGreaterThan(0);
    if (report.failures.length > 0) throw new Error(`failed requests: ${JSON.stringify(report.failures.slice(0, 10))}${context()}`);
    expect(report.balancer).toMatchObject({ noBackend: 0, upstreamErrors: 0 });
  });

  it('loses and strands no conversation: every one written ends ready', () => {
    if (report.notReady.length > 0) throw new Error(`not ready: ${JSON.stringify(report.notReady.slice(0, 10))}${context()}`);
    expect(report.notReady).toEqual([]);
  });

  it('delivers every conversation.ready event at least once, correctly signed', () => {
    expect(report.readyEventsMissing).toEqual([]);
    expect(report.badSignatures).toBe(0);
    expect(report.deliveries).toBeGreaterThanOrEqual(report.written);
  });
});
