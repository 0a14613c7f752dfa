import { loadavg } from 'node:os';
import { benchCommand, type OptionsOf } from '../kit/bench-args';
import { machineFacts, writeResults } from '../kit/results-file';
import { choosePinning } from '../kit/servers';
import { pipelineStepsScenario, type ProcessingScenario, TWO_HOUR_TARGET_MS } from './pipeline-steps.scenario';
import type { WorkerConfig } from './pipeline-worker';

/**
 * The scenarios, run in order. The end-to-end processor figure (database and queue) is to be added here as a
 * second scenario with the same ScenarioResult shape.
 */
export const PROCESSING_SCENARIOS: ProcessingScenario[] = [pipelineStepsScenario];

export const PROCESSING_COMMAND = benchCommand('processing', {
  quick: '5 timed two-hour runs, 10 one-hour conversations, 2 warm-up runs: a smoke test; the target is reported, not enforced',
  flags: {
    iterations: { flag: '--iterations', full: 30, quick: 5, help: 'timed runs on two-hour transcripts' },
    conversations: { flag: '--conversations', full: 60, quick: 10, help: 'one-hour transcripts processed back to back for conversations per minute' },
    warmup: { flag: '--warmup', full: 5, quick: 2, min: 0, help: 'untimed two-hour runs first' },
  },
});
export type ProcessingOptions = OptionsOf<typeof PROCESSING_COMMAND>;

type Out = (text: string) => void;

/** `processing`: see tools/bench/README.md. Returns the exit code. */
export async function runProcessing(options: ProcessingOptions, out: Out, log: Out): Promise<number> {
  const startedAt = new Date();
  const pinning = choosePinning();
  if (pinning.warning) log(`WARNING: ${pinning.warning}`);
  const config: WorkerConfig = { iterations: options.iterations, conversations: options.conversations, warmup: options.warmup };
  const loadBefore = loadavg()[0] ?? 0;
  const results: Record<string, object> = {};
  const headlines: string[] = [];
  let pass = true;
  const lines: string[] = [
    '',
    `processing: the processor's pipeline steps with the built-in summarizer, ${pinning.cpu === null ? 'UNPINNED' : `pinned to CPU ${pinning.cpu} (taskset)`}, Node ${process.version}`,
  ];
  for (const scenario of PROCESSING_SCENARIOS) {
    const result = await scenario.run({ config, pinning, log });
    results[scenario.name] = result.json;
    pass &&= result.pass;
    headlines.push(result.headline);
    lines.push('', `## ${scenario.name}: ${scenario.summary}`, '', ...result.lines);
  }
  const loadAfter = loadavg()[0] ?? 0;
  lines.push('', `machine load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
  if (options.quick) lines.push(`quick run: the ${TWO_HOUR_TARGET_MS} ms target is reported, not enforced`);
  out(lines.join('\n'));
  const file = writeResults('processing', startedAt, {
    benchmark: 'processing',
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    quick: options.quick,
    machine: machineFacts(pinning.cpu, loadBefore, loadAfter),
    scenarios: results,
    pass,
  }, { quick: options.quick, figures: headlines.join('; ') });
  log(`results written to ${file}`);
  return pass || options.quick ? 0 : 1;
}
