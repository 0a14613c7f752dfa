/** `[HH:MM:SS] Name: ` at the start of a rendered transcript line. */
const TRANSCRIPT_PREFIX = /^\[\d{2,}:\d{2}:\d{2}\] [^:\n]*: /;

/** A sentence ends at . ! ? … (with closing quotes or brackets) followed by space and an upper-case letter, digit or opening mark. */
const SENTENCE_END = /(?<=[.!?…]["'”’)\]]?)\s+(?=[\p{Lu}\p{N}"'“‘(¿¡])/u;

/** Markdown list markers, heading hashes and quote marks at the start of a line. */
const LINE_MARKUP = /^(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)+/;

/** Spoken openers that add nothing at the start of a sentence ("So, …", "Um, …", "Yeah, okay, …"). */
const LEADING_FILLERS = /^(?:(?:so|um+|uh+|yeah|yes|okay|ok|well|right|alright|and|but|like|also),?\s+)+/i;

/**
 * Splits plain text (a rendered transcript, an extracted document, Markdown) into sentences: each line on its
 * own (a transcript turn, a paragraph, a bullet), transcript prefixes and Markdown markers removed, then each
 * line at sentence ends. Leading spoken fillers are dropped and the first letter is capitalised, so a
 * sentence can be quoted as a bullet.
 */
export function sentences(text: string): string[] {
  const result: string[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(TRANSCRIPT_PREFIX, '').replace(LINE_MARKUP, '').replace(/\s+/g, ' ').trim();
    if (line === '') continue;
    for (const part of line.split(SENTENCE_END)) {
      const sentence = tidy(part);
      if (sentence !== '') result.push(sentence);
    }
  }
  return result;
}

function tidy(sentence: string): string {
  const trimmed = sentence.trim().replace(LEADING_FILLERS, '');
  return trimmed === '' ? '' : trimmed.charAt(0).toLocaleUpperCase() + trimmed.slice(1);
}
