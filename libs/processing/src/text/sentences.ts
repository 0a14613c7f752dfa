/** `[HH:MM:SS] Name: ` at the start of a rendered transcript line. */
const TRANSCRIPT_PREFIX = /^\[\d{2,}:\d{2}:\d{2}\] [^:\n]*: /;
/** The same prefix, capturing hours, minutes, seconds and the speaker's name. */
const TRANSCRIPT_PREFIX_PARTS = /^\[(\d{2,}):(\d{2}):(\d{2})\] ([^:\n]*): /;

/** A sentence with where it was said: the speaker and turn start of a transcript line, null for other text. */
export interface SentenceUnit {
  text: string;
  /** Index of the (joined) line the sentence comes from. */
  line: number;
  speaker: string | null;
  start_seconds: number | null;
}

/**
 * A sentence ends at . ! ? … (with closing quotes or brackets) followed by space and an upper-case letter,
 * digit or opening mark; or at the full-width 。！？ of Chinese and Japanese, which need no space after them.
 */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]?)\s+(?=[\p{Lu}\p{N}"'“‘(¿¡])|(?<=[。！？])\s*(?=\S)/u;

/** Markdown list markers, heading hashes and quote marks at the start of a line. */
const LINE_MARKUP = /^(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)+/;

/** Spoken openers that add nothing at the start of a sentence ("So, …", "Um, …", "Yeah, okay, …"). */
const LEADING_FILLERS = /^(?:(?:so|um+|uh+|yeah|yes|okay|ok|well|right|alright|and|but|like|also),?\s+)+/i;

/**
 * Splits plain text (a rendered transcript, an extracted document, Markdown) into sentences: each line on its
 * own (a transcript turn, a paragraph, a bullet; lines wrapped mid-sentence joined again), transcript prefixes and Markdown markers removed, then each
 * line at sentence ends. Leading spoken fillers are dropped and the first letter is capitalised, so a
 * sentence can be quoted as a bullet.
 */
export function sentences(text: string): string[] {
  return sentenceUnits(text).map((unit) => unit.text);
}

/** sentences(), each with its line, and for a transcript line its speaker and start time. */
export function sentenceUnits(text: string): SentenceUnit[] {
  const result: SentenceUnit[] = [];
  joinWrappedLines(text.split('\n')).forEach((rawLine, lineIndex) => {
    const prefix = TRANSCRIPT_PREFIX_PARTS.exec(rawLine);
    const speaker = prefix ? (prefix[4] as string) : null;
    const start = prefix ? Number(prefix[1]) * 3600 + Number(prefix[2]) * 60 + Number(prefix[3]) : null;
    const line = rawLine.replace(TRANSCRIPT_PREFIX, '').replace(LINE_MARKUP, '').replace(/\s+/g, ' ').trim();
    if (line === '') return;
    for (const part of line.split(SENTENCE_END)) {
      const sentence = tidy(part);
      if (sentence !== '') result.push({ text: sentence, line: lineIndex, speaker, start_seconds: start });
    }
  });
  return result;
}

/**
 * PDF text comes with the page's hard line breaks inside paragraphs. A line that does not end a sentence,
 * followed by one that starts in lower case, is the same sentence wrapped: the two are joined. Transcript
 * turns, list items and headings are never joined.
 */
function joinWrappedLines(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    const continues =
      previous !== undefined &&
      /^\s*\p{Ll}/u.test(line) &&
      !/[.!?…:;]["'”’)\]]?\s*$/.test(previous) &&
      previous.trim() !== '' &&
      !TRANSCRIPT_PREFIX.test(line) &&
      !LINE_MARKUP.test(line.trim());
    if (continues) joined[joined.length - 1] = `${previous} ${line.trim()}`;
    else joined.push(line);
  }
  return joined;
}

function tidy(sentence: string): string {
  const trimmed = sentence.trim().replace(LEADING_FILLERS, '');
  return trimmed === '' ? '' : trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}
