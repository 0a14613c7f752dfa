import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { limitField, policyField, RateLimiter } from './rate-limiter';

describe('RateLimiter (real Redis)', () => {
  const redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379');
  const limiter = new RateLimiter(redis, `test-ratelimit-${randomBytes(4).toString('hex')}`);
  const policy = { name: 'reads', quota: 3, windowSeconds: 60 };

  afterAll(() => redis.quit());

  it('allows the quota, then refuses until the window resets, per subject', async () => {
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.take('key_a', policy));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[3]!.resetSeconds).toBeGreaterThan(0);
    expect(decisions[3]!.resetSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.take('key_b', policy)).allowed).toBe(true);
  });

  it('counts across limiters sharing Redis (replicas), and writes the draft-10 header fields', async () => {
    const other = new RateLimiter(redis, (limiter as unknown as { prefix: string }).prefix);
    await limiter.take('key_c', policy);
    const second = await other.take('key_c', policy);
    expect(second.remaining).toBe(1);
    expect(policyField(policy)).toBe('"reads";q=3;w=60');
    expect(limitField(policy, second)).toMatch(/^"reads";r=1;t=\d+$/);
  });
});
