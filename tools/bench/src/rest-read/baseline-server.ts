#!/usr/bin/env node
/**
 * The rest-read baseline as a process of its own (started, pinned, by the benchmark):
 * `DATABASE_URL=… REDIS_URL=… BASELINE_PORT=… CURSOR_SECRET=… node dist/rest-read/baseline-server.js`.
 * Pool size DATABASE_POOL_SIZE, default 10 like the api's.
 */
import { createServer } from 'node:http';
import { RateLimiter } from '@cs/nest-infrastructure';
import { SESSION_OPTIONS } from '@cs/persistence';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { createBaselineHandler } from './baseline-app';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`baseline: ${name} is required\n`);
    process.exit(1);
  }
  return value;
}

const pool = new Pool({
  connectionString: required('DATABASE_URL'),
  max: Number(process.env['DATABASE_POOL_SIZE'] ?? 10),
  application_name: 'bench-baseline',
  // As the service's own pools (@cs/persistence createDataSource).
  options: SESSION_OPTIONS,
});
const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
const server = createServer(
  createBaselineHandler(pool, required('CURSOR_SECRET'), {
    limiter: new RateLimiter(redis, 'cs:ratelimit:baseline'),
    policy: { name: 'reads', quota: 1_000_000, windowSeconds: 60 },
  }),
);
server.listen(Number(required('BASELINE_PORT')), '127.0.0.1');

const stop = (): void => {
  server.close(() => void Promise.all([pool.end(), redis.quit()]).finally(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
