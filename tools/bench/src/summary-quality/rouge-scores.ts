import { l as rougeL, n as rougeN } from 'js-rouge';

/**
 * ROUGE through js-rouge (promptfoo's maintained fork of kenlimmj's ROUGE.js, MIT), with one tokenisation for
 * every text compared: lower-cased, every run of letters or digits a token, everything else a separator
 * ("don't" → "don", "t"; "2.5%" → "2", "5"), no stemming and no stopword removal. It is the tokenisation of
 * Google's rouge-score without the Porter stemmer, so figures are close to, and a little below, stemmed ones.
 * ROUGE-L is js-rouge's summary-level LCS over sentences, as ROUGE-Lsum.
 */
export function rougeTokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface RougeF1 {
  rouge1: number;
  rouge2: number;
  rougeL: number;
}

/** ROUGE-1, ROUGE-2 and ROUGE-L F1 (0 to 1) of a candidate against one reference. */
export function rougeF1(candidate: string, reference: string): RougeF1 {
  if (rougeTokens(candidate).length === 0 || rougeTokens(reference).length === 0) return { rouge1: 0, rouge2: 0, rougeL: 0 };
  const options = { tokenizer: rougeTokens, caseSensitive: true };
  return {
    rouge1: rougeN(candidate, reference, { ...options, n: 1 }),
    rouge2: rougeN(candidate, reference, { ...options, n: 2 }),
    rougeL: rougeL(candidate, reference, options),
  };
}

/**
 * The prose of a Markdown summary as ROUGE reads it: the overview and the bullets' text, one sentence-like line
 * each; headings are labels rather than prose and are left out, as are list markers and emphasis.
 */
export function summaryProse(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .map((line) =>
      line
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/\*\*|__|[*_`]/g, '')
        .trim(),
    )
    .filter((line) => line !== '')
    .join('\n');
}
