/**
 * Hesitations a written note leaves out: "uh", "um", "er", "hmm", "mm-hmm", "uh-huh", and "you know" or
 * "I mean" between commas. Words with meaning ("like", "kind of", "well") stay: removing them can change what
 * was said.
 */
const HESITATION = /(?:^|(?<=[\s,]))(?:u+h+|u+m+|uhm|e+r+m*|hmm+|mm+(?:-hmm)?|uh-huh)(?:\s*,|(?=[\s.?!]|$))/giu;
const PARENTHETICAL = /,\s*(?:you know|i mean)\s*,/giu;
/** A word said twice or three times in a row ("the the", "I I I"). */
const STUTTER = /\b([\p{L}']+)(?:\s+\1\b)+/giu;

/** "Chair, …", "Mr. Chair, …", "Madam Speaker, …": the parliamentary address that opens a turn says nothing. */
const CHAIR_ADDRESS = /^(?:(?:mr|mrs|ms|madam|madame)\.?\s*)?(?:chair|chairman|chairperson|speaker|president),\s*/i;

/**
 * A spoken sentence as a note would quote it: hesitations and stutters removed, spacing and the first letter
 * tidied. Text that was not spoken (documents) is left as it is by the callers.
 */
export function cleanSpoken(sentence: string): string {
  const cleaned = sentence
    .replace(PARENTHETICAL, ',')
    .replace(HESITATION, '')
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
