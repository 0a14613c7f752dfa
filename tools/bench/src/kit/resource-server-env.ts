import { randomBytes } from 'node:crypto';

/**
 * What a production-mode api or mcp needs in a benchmark besides its URLs: the secrets production requires, and
 * rate limits far above any load a benchmark makes (the limiter still runs and counts: its cost is measured).
 */
export function resourceServerBenchEnv(): Record<string, string> {
  return {
    RECORDER_CALLBACK_SECRET: `bench-${randomBytes(24).toString('hex')}`,
    WEBHOOK_SECRET_KEY: `bench-${randomBytes(24).toString('hex')}`,
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  };
}
