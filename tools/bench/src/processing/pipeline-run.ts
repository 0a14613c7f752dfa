import { type ConversationToProcess, ExtractiveSummarizer, type PipelineStage, processConversation, type TagCandidate, type TranscriptSegment } from '@cs/processing';

/** A transcript conversation as the benchmark stores it: its title and the transcript source's JSON payload. */
export interface TranscriptPayload {
  title: string;
  segments: TranscriptSegment[];
  speaker_names: Record<string, string>;
}

export interface StageTimes {
  parseMs: number;
  renderMs: number;
  languageMs: number;
  summaryMs: number;
  tagsMs: number;
}

export interface PipelineResult {
  contentChars: number;
  participants: number;
  language: string | null;
  summaryChars: number;
  digest: string | null;
  tagIds: string[];
  stages: StageTimes;
}

const summarizer = new ExtractiveSummarizer();
const STAGE_KEYS: Record<PipelineStage, keyof StageTimes> = { render: 'renderMs', language: 'languageMs', summary: 'summaryMs', tags: 'tagsMs' };

/** The conversation as the processor's store hands it to the pipeline: one transcript source, the workspace's tags. */
function conversationOf(payload: TranscriptPayload, tags: readonly TagCandidate[]): ConversationToProcess {
  const source = { id: 'src_bench', type: 'transcript' as const, title: null, upload: null, upload_kind: null, duration_seconds: null };
  return {
    id: 'conv_bench',
    workspace_id: 'ws_bench',
    title: payload.title,
    sources: [{ ...source, input: { segments: payload.segments, speaker_names: payload.speaker_names } }],
    tags: [...tags],
  };
}

/**
 * What the processor does with a transcript conversation, minus the database and the queue: parse the stored
 * payload, then processConversation of @cs/processing, the very function the processor's worker runs (render,
 * language, built-in summary and digest, tag suggestions). Each stage is timed.
 */
export async function runPipeline(json: string, tags: readonly TagCandidate[]): Promise<PipelineResult> {
  const start = performance.now();
  const conversation = conversationOf(JSON.parse(json) as TranscriptPayload, tags);
  const stages: StageTimes = { parseMs: performance.now() - start, renderMs: 0, languageMs: 0, summaryMs: 0, tagsMs: 0 };
  const result = await processConversation(conversation, summarizer, { onStage: (stage, ms) => (stages[STAGE_KEYS[stage]] += ms) });
  const [source] = result.sources;
  return {
    contentChars: source?.content?.length ?? 0,
    participants: source?.participants.length ?? 0,
    language: source?.language ?? null,
    summaryChars: result.summary?.length ?? 0,
    digest: result.digest,
    tagIds: result.suggestedTagIds,
    stages,
  };
}

/**
 * The baseline: the least any processing must do with the same input, i.e. parse the stored JSON and
 * concatenate the segments' text. Measured in the same process, so the ratio says what the pipeline's own
 * work costs on this machine.
 */
export function runBaseline(json: string): number {
  const payload = JSON.parse(json) as TranscriptPayload;
  let text = '';
  for (const segment of payload.segments) text += `${segment.speaker}: ${segment.text}\n`;
  return text.length;
}
