import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fixed, table } from '../kit/table';
import type { Pinning } from '../kit/servers';
import { percentile } from '../kit/stats';
import type { WorkerConfig, WorkerReport } from './pipeline-worker';

/** The issue's target: a two-hour transcript processed in under 2 seconds on one core (judged on p99). */
export const TWO_HOUR_TARGET_MS = 2_000;

export interface ScenarioResult {
  /** Lines of the human report (Markdown tables). */
  lines: string[];
  /** What goes into the results file under this scenario's name. */
  json: object;
  /** Its figures in one line, for the root README. */
  headline: string;
  pass: boolean;
}

export interface ProcessingScenario {
  name: string;
  summary: string;
  run(context: { config: WorkerConfig; pinning: Pinning; log: (text: string) => void }): Promise<ScenarioResult>;
}

const WORKER_ENTRY = join(__dirname, 'pipeline-worker.js');

/** Runs the worker as a child process, pinned to the chosen core, and returns its report. */
export async function runWorker(config: WorkerConfig, pinning: Pinning): Promise<WorkerReport> {
  const command = pinning.cpu === null ? process.execPath : 'taskset';
  const args = pinning.cpu === null ? [WORKER_ENTRY, JSON.stringify(config)] : ['-c', String(pinning.cpu), process.execPath, WORKER_ENTRY, JSON.stringify(config)];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-8_000)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`pipeline worker exited with ${code}:\n${stderr.trim()}`);
  return JSON.parse(stdout) as WorkerReport;
}

const sorted = (values: readonly number[]) => Float64Array.from(values).sort();
const p = (values: readonly number[], q: number) => percentile(Array.from(sorted(values)), q);
const median = (values: readonly number[]) => p(values, 50);

/**
 * The processor's pipeline (processConversation of @cs/processing: render, language, built-in summary and digest,
 * tag suggestion) after parsing the stored payload, on one core, against a baseline of parsing and concatenating
 * the same JSON. No database, no queue.
 */
export const pipelineStepsScenario: ProcessingScenario = {
  name: 'pipeline-steps',
  summary: 'render + language + extractive summary + digest + tags on one core, vs JSON.parse + concatenation',
  async run({ config, pinning, log }) {
    log(`pipeline-steps: ${config.warmup} warm-up and ${config.iterations} timed two-hour runs, then ${config.conversations} one-hour conversations${pinning.cpu === null ? ' (unpinned)' : ` on CPU ${pinning.cpu}`}`);
    const report = await runWorker(config, pinning);
    const { twoHour, oneHour } = report;
    const p50 = p(twoHour.pipelineMs, 50);
    const p99 = p(twoHour.pipelineMs, 99);
    const baseP50 = p(twoHour.baselineMs, 50);
    const baseP99 = p(twoHour.baselineMs, 99);
    const perMinute = (oneHour.conversations / oneHour.pipelineSeconds) * 60;
    const basePerMinute = (oneHour.conversations / oneHour.baselineSeconds) * 60;
    const pass = p99 < TWO_HOUR_TARGET_MS;
    const stage = (key: keyof WorkerReport['twoHour']['stages'][number]) => median(twoHour.stages.map((s) => s[key]));

    const lines = [
      `two-hour transcript: ${twoHour.segments.toLocaleString('en-US')} segments, ${twoHour.words.toLocaleString('en-US')} words, ${twoHour.jsonBytes.toLocaleString('en-US')} bytes of JSON; one-hour: ${oneHour.segments} segments, ${oneHour.words.toLocaleString('en-US')} words`,
      `sample output: ${twoHour.sample.contentChars.toLocaleString('en-US')} characters of content, ${twoHour.sample.participants} participants, language ${twoHour.sample.language}, summary ${twoHour.sample.summaryChars} characters, ${twoHour.sample.tagIds.length} tags (${twoHour.sample.tagIds.join(', ')}), digest "${twoHour.sample.digest}"`,
      '',
      table(
        ['two-hour transcript', 'p50 ms', 'p99 ms', 'runs'],
        [
          ['pipeline steps', fixed(p50, 1), fixed(p99, 1), String(twoHour.pipelineMs.length)],
          ['baseline (JSON.parse + concatenate)', fixed(baseP50, 2), fixed(baseP99, 2), String(twoHour.baselineMs.length)],
          ['pipeline / baseline', fixed(p50 / baseP50, 1), fixed(p99 / baseP99, 1), ''],
        ],
      ),
      '',
      table(
        ['stage (two-hour, p50 ms)', 'parse', 'render', 'language', 'summary + digest', 'tags'],
        [['', fixed(stage('parseMs'), 2), fixed(stage('renderMs'), 2), fixed(stage('languageMs'), 2), fixed(stage('summaryMs'), 1), fixed(stage('tagsMs'), 2)]],
      ),
      '',
      table(
        ['one-hour transcripts', 'conversations/min', 'ms each', 'CPU s'],
        [
          ['pipeline steps', fixed(perMinute, 0), fixed((oneHour.pipelineSeconds * 1000) / oneHour.conversations, 1), fixed(oneHour.pipelineCpuSeconds, 2)],
          ['baseline', fixed(basePerMinute, 0), fixed((oneHour.baselineSeconds * 1000) / oneHour.conversations, 2), ''],
          ['baseline / pipeline', fixed(basePerMinute / perMinute, 1), '', ''],
        ],
      ),
      '',
      `target: two-hour transcript p99 < ${TWO_HOUR_TARGET_MS} ms on one core: ${pass ? 'PASS' : 'FAIL'} (p99 ${fixed(p99, 1)} ms)`,
    ];
    return {
      lines,
      pass,
      headline: `two-hour transcript p50 ${fixed(p50, 1)} ms, p99 ${fixed(p99, 1)} ms: ${pass ? 'met' : 'not met'}; ${fixed(perMinute, 0)} one-hour conversations per minute of CPU`,
      json: {
        config,
        two_hour: {
          segments: twoHour.segments,
          words: twoHour.words,
          json_bytes: twoHour.jsonBytes,
          pipeline_ms: { p50, p99, runs: twoHour.pipelineMs },
          baseline_ms: { p50: baseP50, p99: baseP99, runs: twoHour.baselineMs },
          ratio_p50: p50 / baseP50,
          stages_p50_ms: { parse: stage('parseMs'), render: stage('renderMs'), language: stage('languageMs'), summary: stage('summaryMs'), tags: stage('tagsMs') },
          sample: twoHour.sample,
          target_ms: TWO_HOUR_TARGET_MS,
          pass,
        },
        one_hour: { ...oneHour, conversations_per_minute: perMinute, baseline_conversations_per_minute: basePerMinute },
      },
    };
  },
};
