import { OFFLINE_ACCESS, reportedTokenScope, withOfflineAccess } from './offline-access';

describe('withOfflineAccess (spec: offline_access is always granted)', () => {
  it('adds offline_access last, keeping the order of the other scopes', () => {
    expect(withOfflineAccess(['conversations:read', 'email'])).toEqual(['conversations:read', 'email', OFFLINE_ACCESS]);
    expect(withOfflineAccess([])).toEqual(['offline_access']);
  });

  it('lists every scope once, offline_access included', () => {
    expect(withOfflineAccess(new Set(['offline_access', 'email', 'email']))).toEqual(['offline_access', 'email']);
  });
});

describe('reportedTokenScope', () => {
  it('adds offline_access to the scope of a response that carries a refresh token', () => {
    expect(reportedTokenScope({ scope: 'conversations:read email', refresh_token: 'rt_x' })).toBe('conversations:read email offline_access');
  });

  it('reports offline_access alone when the access token has no scope but a refresh token is issued', () => {
    expect(reportedTokenScope({ refresh_token: 'rt_x' })).toBe('offline_access');
    expect(reportedTokenScope({ scope: '', refresh_token: 'rt_x' })).toBe('offline_access');
  });

  it('does not repeat offline_access', () => {
    expect(reportedTokenScope({ scope: 'openid offline_access', refresh_token: 'rt_x' })).toBe('openid offline_access');
  });

  it('leaves a response without a refresh token as it is', () => {
    expect(reportedTokenScope({ scope: 'conversations:read' })).toBe('conversations:read');
    expect(reportedTokenScope({})).toBeUndefined();
  });
});
