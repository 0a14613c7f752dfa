/**
 * Of the passages holding two words, the share taken to hold them next to each other, in that order: a guess that
 * keeps a phrase of two common words ("different points") from counting as common.
 */
const ADJACENT = 0.1;

/**
 * The share of passages a tsquery (as `querytree` prints it) is expected to match, from the share of each lexeme
 * (the planner's statistics of the tsvector): & multiplies, a phrase multiplies and takes ADJACENT of that, | adds,
 * ! complements. It assumes words are independent, as the planner does, so it errs towards rare: a common phrase
 * ("speech recognition") is then read from the index first, which costs more than walking but stays bounded by its
 * matches, while the opposite mistake would walk every conversation for a rare phrase.
 */
export function tsqueryFrequency(tree: string, lexemeFrequency: (lexeme: string) => number): number {
  const tokens = tree.match(/'(?:[^']|'')*'(?::[*A-D]+)?|<\d+>|<->|[&|!()]/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];

  // Lowest precedence first: | then & then <-> then ! and operands.
  const or = (): number => {
    let f = and();
    while (peek() === '|') {
      at++;
      f = Math.min(1, f + and());
    }
    return f;
  };
  const and = (): number => {
    let f = phrase();
    while (peek() === '&') {
      at++;
      f *= phrase();
    }
    return f;
  };
  const phrase = (): number => {
    let f = unary();
    while (peek() !== undefined && /^<(?:-|\d+)>$/.test(peek()!)) {
      at++;
      f *= unary() * ADJACENT;
    }
    return f;
  };
  const unary = (): number => {
    const token = tokens[at++];
    if (token === '!') return 1 - unary();
    if (token === '(') {
      const f = or();
      at++; // ')'
      return f;
    }
    if (token === undefined) return 0;
    const lexeme = /^'((?:[^']|'')*)'/.exec(token)?.[1]?.replace(/''/g, "'") ?? '';
    return lexemeFrequency(lexeme);
  };
  return tokens.length === 0 ? 0 : or();
}
