import { tokenizeTsquery } from './tsquery-tokens';

/**
 * The tsquery a matching passage is highlighted with (docs/search.md "Snippets"): the OR of the query's words that
 * are not excluded, each on its own. Phrases, ANDs and exclusions are left out on purpose: `ts_headline` reads the
 * passage's text, not its tsvector, and with a phrase its time and memory grow with the phrase's length times the
 * word's repeats in the passage (a 16-word phrase over 40 repeats took 370 MB, over 200 repeats 2.8 GB: issue 31);
 * with an AND they grow with the square of the repeats. An OR of words is one pass over the words. So each word of
 * a phrase is marked wherever it stands, and an excluded word never is. Empty when nothing is left to mark.
 */
export function highlightQuery(tsquery: string): string {
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
    else if (token.kind === 'operand' && token.plain && !negated) words.add(`'${token.lexeme}'`);
    negate = false;
  }
  return [...words].join(' | ');
}
