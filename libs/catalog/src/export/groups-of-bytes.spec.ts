import { groupsOfBytes } from './export-conversations.query';

describe('groupsOfBytes (the export reads a batch in statements of bounded size)', () => {
  const rows = (...sizes: number[]) => sizes.map((bytes, i) => ({ id: `c${i}`, bytes }));

  it('fills each group up to the bound, in order, and gives a conversation bigger than it a group alone', () => {
    expect(groupsOfBytes(rows(40, 50, 10, 30, 250, 5, 95), 100)).toEqual([['c0', 'c1', 'c2'], ['c3'], ['c4'], ['c5', 'c6']]);
  });

  it('keeps empty conversations together and gives nothing for nothing', () => {
    expect(groupsOfBytes(rows(0, 0, 0), 100)).toEqual([['c0', 'c1', 'c2']]);
    expect(groupsOfBytes([], 100)).toEqual([]);
  });
});
