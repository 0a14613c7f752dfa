import { valuesList } from './insert-rows';

describe('valuesList', () => {
  it('numbers the parameters row after row', () => {
    expect(valuesList(2, 3)).toBe('($1, $2, $3), ($4, $5, $6)');
  });

  it('makes one tuple for one row of one column', () => {
    expect(valuesList(1, 1)).toBe('($1)');
  });
});
