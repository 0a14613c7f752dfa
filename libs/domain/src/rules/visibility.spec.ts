import { isVisibleTo } from './visibility';

describe('visibility (docs/api.md "Access rules")', () => {
  it('shows a private item to its owner only', () => {
    expect(isVisibleTo('usr_a', { ownerId: 'usr_a', visibility: 'private' })).toBe(true);
    expect(isVisibleTo('usr_b', { ownerId: 'usr_a', visibility: 'private' })).toBe(false);
  });

  it('shows a workspace item to every member', () => {
    expect(isVisibleTo('usr_b', { ownerId: 'usr_a', visibility: 'workspace' })).toBe(true);
  });
});
