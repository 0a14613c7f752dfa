import { ConfigError, parseEnv } from './parse-env';
import { commonEnv, shutdownDrainMs, shutdownEnv } from './env-schema';

describe('SHUTDOWN_DRAIN_MS (graceful draining of the HTTP apps)', () => {
  const shape = { ...commonEnv, ...shutdownEnv };

  it('defaults to 5 s in production and to no delay elsewhere', () => {
    expect(shutdownDrainMs(parseEnv(shape, { NODE_ENV: 'production' }))).toBe(5_000);
    expect(shutdownDrainMs(parseEnv(shape, { NODE_ENV: 'test' }))).toBe(0);
    expect(shutdownDrainMs(parseEnv(shape, {}))).toBe(0);
  });

  it('takes the value set, in milliseconds, in any environment', () => {
    expect(shutdownDrainMs(parseEnv(shape, { NODE_ENV: 'production', SHUTDOWN_DRAIN_MS: '0' }))).toBe(0);
    expect(shutdownDrainMs(parseEnv(shape, { NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '1500' }))).toBe(1_500);
  });

  it('refuses a negative, fractional or longer-than-a-minute delay, naming the variable', () => {
    for (const bad of ['-1', '2.5', '60001', 'soon']) {
      expect(() => parseEnv(shape, { SHUTDOWN_DRAIN_MS: bad })).toThrow(ConfigError);
      expect(() => parseEnv(shape, { SHUTDOWN_DRAIN_MS: bad })).toThrow(/SHUTDOWN_DRAIN_MS/);
    }
  });
});
