import { loadMcpConfig } from './mcp-config';

describe('MCP configuration', () => {
  it('defaults to port 3002 and the resource http://localhost:3002/mcp, the token audience', () => {
    const config = loadMcpConfig({});
    expect(config).toMatchObject({ MCP_PORT: 3002, PUBLIC_MCP_URL: 'http://localhost:3002/mcp', OAUTH_AUDIENCE: 'http://localhost:3002/mcp' });
    expect(config.AUTH_JWKS_URL).toBe('http://localhost:3001/api/auth/oauth2/jwks');
  });

  it('points the challenge at the path-suffixed metadata of the resource (RFC 9728 §3.1)', () => {
    expect(loadMcpConfig({ PUBLIC_MCP_URL: 'https://mcp.example.com/mcp' }).RESOURCE_METADATA_URL).toBe('https://mcp.example.com/.well-known/oauth-protected-resource/mcp');
    expect(loadMcpConfig({ PUBLIC_MCP_URL: 'https://mcp.example.com' }).RESOURCE_METADATA_URL).toBe('https://mcp.example.com/.well-known/oauth-protected-resource');
  });

  it('keeps searches below the pool: SEARCH_MAX_CONCURRENT must be less than DATABASE_POOL_SIZE', () => {
    expect(loadMcpConfig({})).toMatchObject({ SEARCH_MAX_CONCURRENT: 6, SEARCH_STATEMENT_TIMEOUT_MS: 3000 });
    expect(() => loadMcpConfig({ SEARCH_MAX_CONCURRENT: '10', DATABASE_POOL_SIZE: '10' })).toThrow('Invalid configuration: SEARCH_MAX_CONCURRENT: must be less than DATABASE_POOL_SIZE');
    expect(loadMcpConfig({ SEARCH_MAX_CONCURRENT: '9', DATABASE_POOL_SIZE: '10' }).SEARCH_MAX_CONCURRENT).toBe(9);
  });

  it('requires a cursor secret in production, naming the variable', () => {
    expect(() => loadMcpConfig({ NODE_ENV: 'production' })).toThrow('Invalid configuration: CURSOR_SECRET: must be set in production');
  });
});
