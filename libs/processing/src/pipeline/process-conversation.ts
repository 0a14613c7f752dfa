import { toDigest } from '@cs/domain';
import { detectLanguage } from '../language/detect-language';
import type { Summarizer, SummarySourceInput } from '../summary/summarizer.port';
import { suggestTags } from '../tags/suggest-tags';
import { markdownToText } from '../text/markdown-text';
import { renderTranscript, type TranscriptSegment } from '../transcript/render-transcript';
import { extractText } from '../uploads/extract-text';
import type { UploadKind } from '../uploads/upload-kind';
import type { ConversationToProcess, ProcessedSource, ProcessingResult, SourceToProcess } from './conversation-work';
import { PermanentProcessingError } from './processing-failure';

/** The steps processConversation reports durations of: content (rendering, Markdown, extraction), language, summary with digest, tags. */
export type PipelineStage = 'render' | 'language' | 'summary' | 'tags';

export interface ProcessConversationOptions {
  signal?: AbortSignal;
  /** Called after each step with its duration in milliseconds, so the benchmark can show where the time goes. */
  onStage?: (stage: PipelineStage, ms: number) => void;
}

type Timed = <T>(stage: PipelineStage, step: () => T | Promise<T>) => Promise<T>;

async function processSource(source: SourceToProcess, timed: Timed): Promise<ProcessedSource> {
  const input = source.input ?? {};
  switch (source.type) {
    case 'transcript': {
      const segments = (input['segments'] ?? []) as TranscriptSegment[];
      if (segments.length === 0) throw new PermanentProcessingError('transcript_invalid', `source ${source.id} has no segments`);
      const rendered = await timed('render', () =>
        renderTranscript(segments, {
          speakerNames: (input['speaker_names'] ?? {}) as Record<string, string>,
          durationSeconds: source.duration_seconds ?? undefined,
        }),
      );
      const language =
        (input['language'] as string | null | undefined) ?? (await timed('language', () => detectLanguage(segments.map((s) => s.text).join(' '))));
      return { id: source.id, content: rendered.content, participants: rendered.participants, language, durationSeconds: rendered.durationSeconds };
    }
    case 'document':
      return { id: source.id, content: await timed('render', () => markdownToText(String(input['content'] ?? ''))), participants: [], language: null, durationSeconds: null };
    case 'text':
      return { id: source.id, content: String(input['content'] ?? ''), participants: [], language: null, durationSeconds: null };
    case 'file': {
      // A file whose text cannot be extracted keeps content null; the conversation still becomes ready (spec "Source").
      const upload = source.upload;
      const content = upload ? await timed('render', () => extractText(upload, source.upload_kind as UploadKind)) : null;
      return { id: source.id, content, participants: [], language: null, durationSeconds: null };
    }
  }
}

/**
 * The processing pipeline: everything processing derives from a pending conversation's inputs, with no I/O of
 * its own. Each source's content, participants, language and duration; the summary and digest from the
 * summarizer; and the workspace tags that fit, as suggestions. Throws PermanentProcessingError for input no
 * retry can fix (see failureReason for every error's `error_reason`).
 */
export async function processConversation(
  conversation: ConversationToProcess,
  summarizer: Summarizer,
  options: ProcessConversationOptions = {},
): Promise<ProcessingResult> {
  const timed: Timed = async (stage, step) => {
    const start = performance.now();
    try {
      return await step();
    } finally {
      options.onStage?.(stage, performance.now() - start);
    }
  };

  const sources: ProcessedSource[] = [];
  const summarySources: SummarySourceInput[] = [];
  for (const source of conversation.sources) {
    const processed = await processSource(source, timed);
    sources.push(processed);
    summarySources.push({ type: source.type, title: source.title, content: processed.content, participants: processed.participants, language: processed.language });
  }
  const withText = sources.filter((s) => s.content !== null && s.content.trim() !== '');
  if (withText.length === 0 && !conversation.sources.some((s) => s.type === 'file')) {
    throw new PermanentProcessingError('no_content', 'none of the sources holds any text');
  }
  // Only uploads whose text could not be extracted: ready, with nothing to summarize.
  if (withText.length === 0) return { sources, summary: null, digest: null, sections: [], actionItems: [], suggestedTagIds: [] };
  const summary = await timed('summary', async () => {
    const output = await summarizer.summarize({ title: conversation.title, sources: summarySources }, options.signal);
    const sections = (output.sections ?? []).flatMap((section) => {
      const source = sources[section.source];
      return source ? [{ heading: section.heading, source_id: source.id, start_seconds: section.start_seconds }] : [];
    });
    const fallbackSource = withText[0] as ProcessedSource;
    const actionItems = (output.action_items ?? []).map((item) => {
      // A model does not say where an item was said: the source is the first with text and the time unknown.
      const source = (item.source === null ? undefined : sources[item.source]) ?? fallbackSource;
      return { text: item.text, owner: item.owner, due: item.due, source_id: source.id, start_seconds: item.source === null ? null : item.start_seconds };
    });
    return { summary: output.summary, digest: toDigest(output.digest), sections, actionItems };
  });
  const allText = [conversation.title ?? '', ...withText.map((s) => s.content)].join('\n');
  return { sources, ...summary, suggestedTagIds: await timed('tags', () => suggestTags(allText, conversation.tags)) };
}
