import { randomBytes } from 'node:crypto';

const benchSecret = (): string => `bench-${randomBytes(24).toString('hex')}`;

/** What every app a benchmark starts gets: the stack's environment, quiet logs, the bench's database and Redis. */
export function benchAppEnv(databaseUrl: string, redisUrl: string): NodeJS.ProcessEnv {
  return { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
}

/**
 * What a production-mode api or mcp needs in a benchmark besides its URLs: the secrets production requires (the
 * cursor secret given when a baseline or a second server must read the same cursors), and rate limits far above any
 * load a benchmark makes (the limiter still runs and counts: its cost is measured).
 */
export function resourceServerBenchEnv(cursorSecret = benchSecret()): Record<string, string> {
  return {
    NODE_ENV: 'production',
    CURSOR_SECRET: cursorSecret,
    RECORDER_CALLBACK_SECRET: benchSecret(),
    WEBHOOK_SECRET_KEY: benchSecret(),
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_EXPORTS_PER_MINUTE: '1000000',
  };
}

/**
 * What the auth app needs in a benchmark: NODE_ENV=test, since production would require an https issuer (`test`
 * changes nothing else in the auth app), and its secrets (the signing key given when another server must share it).
 */
export function authServerBenchEnv(signingKeySecret = benchSecret()): { NODE_ENV: string; SIGNING_KEY_SECRET: string; AUTH_COOKIE_KEYS: string } {
  return { NODE_ENV: 'test', SIGNING_KEY_SECRET: signingKeySecret, AUTH_COOKIE_KEYS: benchSecret() };
}
