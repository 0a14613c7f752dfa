import { tsqueryFrequency } from './tsquery-frequency';

const shares: Record<string, number> = { meet: 0.01, plan: 0.02, "o'neil": 0.5 };
const frequency = (tree: string) => tsqueryFrequency(tree, (lexeme) => shares[lexeme] ?? 0);

describe('tsqueryFrequency', () => {
  it('a lexeme has its own share; one the statistics do not know counts as rare (0)', () => {
    expect(frequency("'meet'")).toBe(0.01);
    expect(frequency("'zeppelin'")).toBe(0);
    expect(frequency("'o''neil'")).toBe(0.5);
  });

  it('& multiplies, a phrase multiplies and takes a tenth, | adds (at most 1), ! complements, parentheses group', () => {
    expect(frequency("'meet' & 'plan'")).toBeCloseTo(0.0002);
    expect(frequency("'meet' <-> 'plan'")).toBeCloseTo(0.00002);
    expect(frequency("'meet' <2> 'plan'")).toBeCloseTo(0.00002);
    expect(frequency("'meet' | 'plan'")).toBeCloseTo(0.03);
    expect(frequency("'meet' & !'plan'")).toBeCloseTo(0.0098);
    expect(frequency("( 'meet' | 'plan' ) & 'o''neil'")).toBeCloseTo(0.015);
    expect(frequency("'meet':* & 'plan':AB")).toBeCloseTo(0.0002);
  });

  it('nothing to match is 0', () => {
    expect(frequency('')).toBe(0);
    expect(frequency('T')).toBe(0);
  });
});
