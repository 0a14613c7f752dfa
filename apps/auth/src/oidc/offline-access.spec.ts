import { reportedTokenScope } from './offline-access';

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
