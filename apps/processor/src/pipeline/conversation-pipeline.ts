import { detectLanguage, extractText, markdownToText, renderTranscript, type Summarizer, suggestTags, type TranscriptSegment, type UploadKind } from '@cs/processing';
import { toDigest } from '@cs/domain';
import type { ConversationToProcess, ProcessedSource, ProcessingResult, SourceToProcess } from './conversation-store';

/** Thrown for input that no retry can fix; the conversation ends in `error` at once with this reason. */
export class PermanentProcessingError extends Error {
  constructor(
    readonly reason: 'transcript_invalid' | 'no_content',
    message: string,
  ) {
    super(message);
    this.name = 'PermanentProcessingError';
  }
}

async function processSource(source: SourceToProcess): Promise<ProcessedSource> {
  const input = source.input ?? {};
  switch (source.type) {
    case 'transcript': {
      const segments = (input['segments'] ?? []) as TranscriptSegment[];
      if (segments.length === 0) throw new PermanentProcessingError('transcript_invalid', `source ${source.id} has no segments`);
      const rendered = renderTranscript(segments, {
        speakerNames: (input['speaker_names'] ?? {}) as Record<string, string>,
        durationSeconds: source.duration_seconds ?? undefined,
      });
      const language = (input['language'] as string | null | undefined) ?? detectLanguage(segments.map((s) => s.text).join(' '));
      return { id: source.id, content: rendered.content, participants: rendered.participants, language, durationSeconds: rendered.durationSeconds };
    }
    case 'document':
      return { id: source.id, content: markdownToText(String(input['content'] ?? '')), participants: [], language: null, durationSeconds: null };
    case 'text':
      return { id: source.id, content: String(input['content'] ?? ''), participants: [], language: null, durationSeconds: null };
    case 'file': {
      // A file whose text cannot be extracted keeps content null; the conversation still becomes ready (spec "Source").
      const content = source.upload ? await extractText(source.upload, source.upload_kind as UploadKind) : null;
      return { id: source.id, content, participants: [], language: null, durationSeconds: null };
    }
  }
}

/**
 * Everything processing derives from a conversation's inputs: each source's content, participants, language and
 * duration; the summary and digest from the summarizer; and the workspace tags that fit, as suggestions.
 */
export async function runPipeline(conversation: ConversationToProcess, summarizer: Summarizer, signal?: AbortSignal): Promise<ProcessingResult> {
  const sources: ProcessedSource[] = [];
  for (const source of conversation.sources) sources.push(await processSource(source));
  const withText = sources.filter((s) => s.content !== null && s.content.trim() !== '');
  if (withText.length === 0 && !conversation.sources.some((s) => s.type === 'file')) {
    throw new PermanentProcessingError('no_content', 'none of the sources holds any text');
  }
  // Only uploads whose text could not be extracted: ready, with nothing to summarize.
  if (withText.length === 0) return { sources, summary: null, digest: null, suggestedTagIds: [] };
  const byId = new Map(conversation.sources.map((s) => [s.id, s]));
  const summary = await summarizer.summarize(
    {
      title: conversation.title,
      sources: sources.map((s) => ({ type: byId.get(s.id)!.type, title: byId.get(s.id)!.title, content: s.content, participants: s.participants })),
    },
    signal,
  );
  const allText = [conversation.title ?? '', ...withText.map((s) => s.content)].join('\n');
  return {
    sources,
    summary: summary.summary,
    digest: toDigest(summary.digest),
    suggestedTagIds: suggestTags(allText, conversation.tags),
  };
}
