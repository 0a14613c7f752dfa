import type { SourceType } from '@cs/domain';

export interface SummarySourceInput {
  type: SourceType;
  title: string | null;
  /** Plain text: for transcripts the rendered `[HH:MM:SS] Name: text` lines; null when extraction failed. */
  content: string | null;
  participants: string[];
  /** The source's language (BCP 47) when known; English phrasing (the overview's lead sentence) is used only for English. */
  language?: string | null;
}

export interface SummaryInput {
  title: string | null;
  sources: SummarySourceInput[];
}

/** Where a topical section of the summary starts: the source (index into SummaryInput.sources) and, in a transcript, the time. */
export interface SummarySectionStart {
  heading: string;
  source: number;
  start_seconds: number | null;
}

export interface SummaryOutput {
  /** Markdown: a short overview paragraph, then topical sections (`## ` headings) of `- ` bullets. */
  summary: string;
  /** At most DIGEST_MAX_LENGTH characters, made by toDigest() of @cs/domain. */
  digest: string;
  /** The topical sections in order with where each starts, when the summarizer knows (the built-in one does). */
  sections?: SummarySectionStart[];
  /** Action items, also listed in the summary; `source`/`start_seconds` where the summarizer knows where they were said. */
  action_items?: ActionItemFound[];
}

/** An action item and where it was said: `source` indexes SummaryInput.sources (null: not known). */
export interface ActionItemFound {
  text: string;
  owner: string | null;
  due: string | null;
  source: number | null;
  start_seconds: number | null;
}

/** The port the processor summarizes through; implementations are chosen by configuration (summarizerFromEnv). */
export interface Summarizer {
  readonly name: string;
  summarize(input: SummaryInput, signal?: AbortSignal): Promise<SummaryOutput>;
}

export type SummarizerErrorKind = 'timeout' | 'rate_limited' | 'upstream' | 'invalid_response' | 'no_content';

/**
 * A summarization that failed. `retryable` tells the job whether another attempt later may succeed
 * (timeouts, rate limits, 5xx, a malformed answer from a non-deterministic model) or never will (a 401,
 * a 400 for our request, no text at all). When retries are exhausted the conversation ends in `error`
 * with `summarization_failed`, or `no_content` for kind `no_content`.
 */
export class SummarizerError extends Error {
  constructor(
    readonly kind: SummarizerErrorKind,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'SummarizerError';
  }
}
