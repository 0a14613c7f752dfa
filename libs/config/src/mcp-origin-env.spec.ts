import { commonEnv, mcpAllowedOrigins, mcpOriginEnv } from './env-schema';
import { ConfigError, parseEnv } from './parse-env';

describe('MCP_ALLOWED_ORIGINS (Origin validation of /mcp)', () => {
  const shape = { ...commonEnv, ...mcpOriginEnv };

  it("allows only the MCP server's own origin by default", () => {
    expect([...mcpAllowedOrigins(parseEnv(shape, {}))]).toEqual(['http://localhost:3002']);
    expect([...mcpAllowedOrigins(parseEnv(shape, { PUBLIC_MCP_URL: 'https://mcp.example.com/mcp' }))]).toEqual(['https://mcp.example.com']);
  });

  it('adds the configured origins, comma-separated, a trailing slash and spaces dropped', () => {
    const config = parseEnv(shape, { MCP_ALLOWED_ORIGINS: 'https://app.example.com/, http://localhost:6274' });
    expect([...mcpAllowedOrigins(config)]).toEqual(['http://localhost:3002', 'https://app.example.com', 'http://localhost:6274']);
  });

  it('refuses an entry that is not a serialized http(s) origin, naming the variable', () => {
    for (const bad of ['*', 'app.example.com', 'https://app.example.com/mcp', 'https://App.example.com', 'ftp://files.example.com', 'null']) {
      expect(() => parseEnv(shape, { MCP_ALLOWED_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => parseEnv(shape, { MCP_ALLOWED_ORIGINS: bad })).toThrow(/MCP_ALLOWED_ORIGINS/);
    }
  });
});
