import { z } from 'zod';
import { commonEnv, port } from './env-schema';
import { ConfigError, parseEnv } from './parse-env';

describe('configuration (docs/operations.md "Configuration reference": validated at start, one line naming the bad variable)', () => {
  const shape = { ...commonEnv, API_PORT: port(3000), FLAG: z.enum(['on', 'off']).default('off') };

  it('applies the documented defaults', () => {
    const config = parseEnv(shape, {});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/conversations',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_API_URL: 'http://localhost:3000',
      PUBLIC_AUTH_URL: 'http://localhost:3001',
      PUBLIC_MCP_URL: 'http://localhost:3002/mcp',
      API_PORT: 3000,
    });
  });

  it('names the bad variable in one line', () => {
    expect(() => parseEnv(shape, { API_PORT: 'eighty' })).toThrow(new ConfigError('Invalid configuration: API_PORT: Expected number, received nan'));
    expect(() => parseEnv(shape, { DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid configuration: DATABASE_URL: must be a postgres:\/\/ URL$/);
  });

  it('treats an empty variable as unset and trims a trailing slash from public URLs', () => {
    expect(parseEnv(shape, { FLAG: '', PUBLIC_API_URL: 'https://api.example.com/' })).toMatchObject({ FLAG: 'off', PUBLIC_API_URL: 'https://api.example.com' });
  });

  it('applies production rules after parsing', () => {
    expect(() => parseEnv(shape, { NODE_ENV: 'production' }, (c) => (c.NODE_ENV === 'production' ? 'SECRET: must be set in production' : null))).toThrow(
      'Invalid configuration: SECRET: must be set in production',
    );
  });
});
