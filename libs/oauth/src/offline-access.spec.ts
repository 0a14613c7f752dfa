import { OFFLINE_ACCESS, withOfflineAccess } from './offline-access';

describe('withOfflineAccess (spec: offline_access is always granted)', () => {
  it('adds offline_access last, keeping the order of the other scopes', () => {
    expect(withOfflineAccess(['conversations:read', 'email'])).toEqual(['conversations:read', 'email', OFFLINE_ACCESS]);
    expect(withOfflineAccess([])).toEqual(['offline_access']);
  });

  it('lists every scope once, offline_access included', () => {
    expect(withOfflineAccess(new Set(['offline_access', 'email', 'email']))).toEqual(['offline_access', 'email']);
  });
});
