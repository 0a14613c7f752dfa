#!/usr/bin/env node
/**
 * Child process of `npm run bench -- processing`, started pinned to one core (taskset): generates the
 * transcripts, measures the processor's pipeline and the baseline, and prints one JSON object (WorkerReport) on
 * stdout. Its only argument is the JSON of WorkerConfig.
 */
import { BENCH_TAGS, generateTranscript } from './transcript-generator';
import { runBaseline, runPipeline, type PipelineResult, type StageTimes, type TranscriptPayload } from './pipeline-run';

export interface WorkerConfig {
  /** Timed runs on two-hour transcripts (pipeline and baseline alternate). */
  iterations: number;
  /** One-hour transcripts processed back to back for the throughput figure. */
  conversations: number;
  /** Untimed runs first, so the JIT has compiled the hot paths. */
  warmup: number;
}

export interface WorkerReport {
  twoHour: { segments: number; words: number; jsonBytes: number; pipelineMs: number[]; baselineMs: number[]; stages: StageTimes[]; sample: Omit<PipelineResult, 'stages'> };
  oneHour: { segments: number; words: number; conversations: number; pipelineSeconds: number; baselineSeconds: number; pipelineCpuSeconds: number };
}

const payloadOf = (seconds: number, seed: number, title: string): { json: string; segments: number; words: number } => {
  const { segments, speakerNames, words } = generateTranscript(seconds, seed);
  const payload: TranscriptPayload = { title, segments, speaker_names: speakerNames };
  return { json: JSON.stringify(payload), segments: segments.length, words };
};

async function main(config: WorkerConfig): Promise<WorkerReport> {
  // Five different two-hour and ten different one-hour meetings, used round robin: no run sees only one input.
  const twoHour = Array.from({ length: 5 }, (_, i) => payloadOf(7_200, 1_000 + i, `Quarterly planning ${i + 1}`));
  const oneHour = Array.from({ length: 10 }, (_, i) => payloadOf(3_600, 2_000 + i, `Weekly sync ${i + 1}`));

  for (let i = 0; i < config.warmup; i++) {
    const input = twoHour[i % twoHour.length]!;
    await runPipeline(input.json, BENCH_TAGS);
    runBaseline(input.json);
  }

  const pipelineMs: number[] = [];
  const baselineMs: number[] = [];
  const stages: StageTimes[] = [];
  let sample: PipelineResult | null = null;
  for (let i = 0; i < config.iterations; i++) {
    const input = twoHour[i % twoHour.length]!;
    const start = performance.now();
    const result = await runPipeline(input.json, BENCH_TAGS);
    pipelineMs.push(performance.now() - start);
    stages.push(result.stages);
    sample ??= result;
    const baseStart = performance.now();
    runBaseline(input.json);
    baselineMs.push(performance.now() - baseStart);
  }

  const cpuBefore = process.cpuUsage();
  const pipelineStart = performance.now();
  for (let i = 0; i < config.conversations; i++) await runPipeline(oneHour[i % oneHour.length]!.json, BENCH_TAGS);
  const pipelineSeconds = (performance.now() - pipelineStart) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const baselineStart = performance.now();
  // The baseline is so much cheaper that it runs ten times as many conversations for a measurable duration.
  for (let i = 0; i < config.conversations * 10; i++) runBaseline(oneHour[i % oneHour.length]!.json);
  const baselineSeconds = (performance.now() - baselineStart) / 1000 / 10;

  const { stages: _sampleStages, ...sampleOutput } = sample as PipelineResult;
  const first = twoHour[0]!;
  const firstHour = oneHour[0]!;
  return {
    twoHour: { segments: first.segments, words: first.words, jsonBytes: Buffer.byteLength(first.json), pipelineMs, baselineMs, stages, sample: sampleOutput },
    oneHour: {
      segments: firstHour.segments,
      words: firstHour.words,
      conversations: config.conversations,
      pipelineSeconds,
      baselineSeconds,
      pipelineCpuSeconds: (cpu.user + cpu.system) / 1e6,
    },
  };
}

if (require.main === module) {
  main(JSON.parse(process.argv[2] ?? '{}') as WorkerConfig).then(
    (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
