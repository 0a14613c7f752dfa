/**
 * The Postgres server and Redis every benchmark runs against: what `npm run bench` (tools/stack/bench.mjs) puts in
 * the environment, or the stack's defaults when the bench is started by hand.
 */
export function serviceUrls(): { databaseUrl: string; redisUrl: string } {
  return {
    databaseUrl: process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/conversations',
    redisUrl: process.env['REDIS_URL'] || 'redis://127.0.0.1:6379',
  };
}
