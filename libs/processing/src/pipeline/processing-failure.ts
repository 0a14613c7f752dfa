import type { ProcessingErrorReason } from '@cs/domain';
import { SummarizerError } from '../summary/summarizer.port';
import { TranscriptInvalidError } from '../transcript/render-transcript';

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

/** The `error_reason` a failed processing ends with. */
export function failureReason(error: unknown): ProcessingErrorReason {
  if (error instanceof PermanentProcessingError) return error.reason;
  if (error instanceof TranscriptInvalidError) return 'transcript_invalid';
  if (error instanceof SummarizerError) return 'summarization_failed';
  return 'internal_error';
}

/** Whether another attempt can never succeed, so the conversation ends in `error` without using up its retries. */
export const isPermanentFailure = (error: unknown): boolean =>
  error instanceof PermanentProcessingError || error instanceof TranscriptInvalidError || (error instanceof SummarizerError && !error.retryable);
