import { tokenizeTsquery } from './tsquery-tokens';

/**
 * The words of a tsquery (Postgres's text form) that are not excluded, each once, as the text form writes them
 * (quotes doubled, backslashes escaped): the words a search ranks and highlights. A phrase gives each of its words;
 * a negated word or group gives none.
 */
export function positiveWords(tsquery: string): string[] {
  const words = new Set<string>();
  const negatedGroups: boolean[] = [false];
  let negate = false;
  for (const token of tokenizeTsquery(tsquery)) {
    const negated = negatedGroups[negatedGroups.length - 1]! !== negate;
    if (token.kind === '!') {
      negate = !negate;
      continue;
    }
    if (token.kind === '(') negatedGroups.push(negated);
    else if (token.kind === ')') negatedGroups.pop();
    else if (token.kind === 'operand' && token.plain && !negated) words.add(token.lexeme);
    negate = false;
  }
  return [...words];
}

/** A word as the text form writes it → the tsquery that matches it alone. */
export const wordQuery = (word: string): string => `'${word}'`;

/** A word as the text form writes it → the lexeme itself, as a tsvector stores it. */
export const lexemeOf = (word: string): string => word.replace(/''/g, "'").replace(/\\(.)/gu, '$1');

/**
 * The tsquery a passage is highlighted with (docs/search.md "Snippets"): the OR of the words. Phrases, ANDs and
 * exclusions are left out on purpose: `ts_headline` reads the passage's text, not its tsvector, and with a phrase
 * its time and memory grow with the phrase's length times the word's repeats in the passage (a 16-word phrase over
 * 40 repeats took 370 MB, over 200 repeats 2.8 GB: issue 31); with an AND they grow with the square of the repeats.
 * An OR of words is one pass over the words. Empty when there is nothing to mark.
 */
export const anyWordQuery = (words: readonly string[]): string => words.map(wordQuery).join(' | ');
