import { truncateOnWord } from './truncate';

/** Spec "Limits": a digest is at most 80 characters. */
export const DIGEST_MAX_LENGTH = 80;

/** A digest of text: the text cut on a word boundary to DIGEST_MAX_LENGTH (see truncateOnWord). */
export function toDigest(text: string): string {
  return truncateOnWord(text, DIGEST_MAX_LENGTH);
}
