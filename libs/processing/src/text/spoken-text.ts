/**
 * Hesitations a written note leaves out: "uh", "um", "er", "eh", "ah", "hm(m)", "nnn", "mm-hmm", "uh-huh", and
 * "you know" or "I mean" between commas or opening or closing a sentence. Words with meaning ("like", "kind of",
 * "well") stay: removing them can change what was said.
 */
const HESITATION = /(?:^|(?<=[\s,]))(?:u+h+|u+m+|uhm|e+r+m*|eh|ah|nn+|hm+|mm+(?:-hmm)?|uh-huh)(?:\s*,|(?=[\s.?!]|$))/giu;
const PARENTHETICAL = /,\s*(?:you know|i mean)\s*,/giu;
/**
 * "I mean, we could…", "You know, the box…", "I mean we could try three things": opening a sentence they are
 * fillers (without a comma only when at least three words follow); "…in the box, you know." closing it likewise.
 * Inside a sentence without commas they may be the verbs ("if you know the answer") and stay.
 */
const OPENING_FILLER = /^(?:(?:you know|i mean)(?:,\s*|\s+(?=\S+\s+\S+\s+\S)))+/i;
const CLOSING_FILLER = /,\s*(?:you know|i mean)\s*(?=[.?!]?$)/i;
/** A word said twice or three times in a row ("the the", "I I I"). */
const STUTTER = /\b([\p{L}']+)(?:\s+\1\b)+/giu;
/**
 * A lone lower-case letter other than "a" and "I" is, in English speech, a word cut off where the speaker started
 * again ("we w we decided", "that if t if you have"). Other languages have one-letter words ("y", "o", "w"), so
 * only English sentences lose them.
 */
const CUT_OFF_LETTER = /(?<=^|\s)[b-hj-z](?=[\s,]|$)/g;

/** "Chair, …", "Mr. Chair, …", "Madam Speaker, …": the parliamentary address that opens a turn says nothing. */
const CHAIR_ADDRESS = /^(?:(?:mr|mrs|ms|madam|madame)\.?\s*)?(?:chair|chairman|chairperson|speaker|president),\s*/i;

/**
 * A spoken sentence as a note would quote it: hesitations, fillers, cut-off letters (English only: `english`) and
 * stutters removed, spacing and the first letter tidied. Text that was not spoken (documents) is left as it is by
 * the callers.
 */
export function cleanSpoken(sentence: string, english = true): string {
  // Hesitations and cut-off letters first, so that "uh, you know, we…" opens with its filler and "we w we" stutters.
  const hesitant = sentence.replace(HESITATION, '');
  const cleaned = (english ? hesitant.replace(CUT_OFF_LETTER, '') : hesitant)
    .trim()
    .replace(OPENING_FILLER, '')
    .replace(CLOSING_FILLER, '')
    .replace(PARENTHETICAL, ',')
    .replace(STUTTER, '$1')
    .replace(/\s+([,.;:?!])/g, '$1')
    .replace(/,(?:\s*,)+/g, ',')
    .replace(/,([.?!])/g, '$1')
    .replace(/,\s*$/, '')
    .replace(/^[\s,.;:-]+/, '')
    .replace(CHAIR_ADDRESS, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? '' : cleaned.charAt(0).toLocaleUpperCase() + cleaned.slice(1);
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}
