import { detectLanguage, ExtractiveSummarizer, renderTranscript, suggestTags, type TagCandidate, type TranscriptSegment } from '@cs/processing';

/** A transcript source as the processor reads it back from the database: the API's JSON payload. */
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
  digest: string;
  tagIds: string[];
  stages: StageTimes;
}

const summarizer = new ExtractiveSummarizer();
const now = () => performance.now();

/**
 * What the processor does with a transcript conversation, minus the database and the queue: parse the stored
 * payload, render content and participants, detect the language, summarize with the built-in summarizer
 * (digest included), suggest tags. Each stage is timed.
 */
export async function runPipeline(json: string, tags: readonly TagCandidate[]): Promise<PipelineResult> {
  const t0 = now();
  const payload = JSON.parse(json) as TranscriptPayload;
  const t1 = now();
  const rendered = renderTranscript(payload.segments, { speakerNames: payload.speaker_names });
  const t2 = now();
  const language = detectLanguage(rendered.content);
  const t3 = now();
  const { summary, digest } = await summarizer.summarize({
    title: payload.title,
    sources: [{ type: 'transcript', title: null, content: rendered.content, participants: rendered.participants }],
  });
  const t4 = now();
  const tagIds = suggestTags(rendered.content, tags);
  const t5 = now();
  return {
    contentChars: rendered.content.length,
    participants: rendered.participants.length,
    language,
    summaryChars: summary.length,
    digest,
    tagIds,
    stages: { parseMs: t1 - t0, renderMs: t2 - t1, languageMs: t3 - t2, summaryMs: t4 - t3, tagsMs: t5 - t4 },
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
