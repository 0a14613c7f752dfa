import type * as Franc from 'franc-min';

/** Fewer letters than this and trigram statistics say little: the answer is null rather than a guess. */
export const LANGUAGE_MIN_LETTERS = 40;

/**
 * When the runner-up scores this close to the best language (franc normalises the best to 1), a short text is
 * too mixed or too generic to tell; measured on one-sentence samples, distinct languages land between 0.58
 * and 0.85 (Spanish vs Portuguese is the closest pair), a bag of loan words around 0.91. franc's scores
 * crowd towards 1 as the text grows (the scale is the text's length times 300, the distances are not), so
 * the check only applies below SHORT_TEXT_CHARS; longer texts are told apart reliably by the best score.
 */
export const LANGUAGE_MAX_RUNNER_UP = 0.9;
const SHORT_TEXT_CHARS = 300;

/**
 * franc reads the first 2,048 characters of what it is given; a longer text is sampled at its start, middle
 * and end instead, so a meeting that opens with small talk in another language is still judged by its body.
 */
const SAMPLE_CHARS = 680;

/** The `[HH:MM:SS] Name: ` prefix of a rendered transcript line: names are not the language being spoken. */
const TRANSCRIPT_PREFIX = /^\[\d{2,}:\d{2}:\d{2}\] [^:\n]*: /gm;

/**
 * The language of a text as an ISO 639-3 code (`eng`, `deu`, `fra`, `spa`, …), or null when the text is too
 * short or the detector is unsure. Offline: franc-min's trigram profiles of the 82 languages with 8 million
 * speakers or more; nothing is downloaded. Deterministic.
 */
export function detectLanguage(text: string): string | null {
  const sample = sampleOf(text.replace(TRANSCRIPT_PREFIX, ''));
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters < LANGUAGE_MIN_LETTERS) return null;
  // Required on first use, not imported: the api loads this library for sniffUpload only, and franc's trigram
  // profiles would sit in its heap for nothing, making its full garbage collections dearer.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- on purpose, see above
  const { francAll } = require('franc-min') as typeof Franc;
  const [best, runnerUp] = francAll(sample, { minLength: LANGUAGE_MIN_LETTERS });
  if (!best || best[0] === 'und') return null;
  if (sample.length < SHORT_TEXT_CHARS && runnerUp && runnerUp[1] >= LANGUAGE_MAX_RUNNER_UP) return null;
  return best[0];
}

function sampleOf(text: string): string {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (normalized.length <= SAMPLE_CHARS * 3) return normalized;
  const middle = Math.floor(normalized.length / 2 - SAMPLE_CHARS / 2);
  return [normalized.slice(0, SAMPLE_CHARS), normalized.slice(middle, middle + SAMPLE_CHARS), normalized.slice(-SAMPLE_CHARS)].join(' ');
}
