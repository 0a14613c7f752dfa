import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Failures allowed per email and client address in the window, and per email from anywhere. */
export const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
export const MAX_FAILURES_PER_EMAIL = 20;
export const WINDOW_SECONDS = 15 * 60;

const keyFor = (...parts: string[]) => `cs:signin:fail:${createHash('sha256').update(parts.join('\n')).digest('hex')}`;

/**
 * Throttles password guessing: counters in Redis, shared by every replica. Counting per email and address
 * stops one guesser quickly; the per-email ceiling stops a distributed one without locking out the owner for long.
 */
export class SignInThrottle {
  constructor(private readonly redis: Redis) {}

  /** Seconds until another attempt is allowed, or 0. */
  async blockedFor(email: string, ip: string): Promise<number> {
    const pair = keyFor(email.toLowerCase(), ip);
    const global = keyFor(email.toLowerCase());
    const [pairCount, globalCount] = (await this.redis.mget(pair, global)).map((v) => Number(v ?? 0)) as [number, number];
    if (pairCount >= MAX_FAILURES_PER_EMAIL_AND_IP) return Math.max(1, await this.redis.ttl(pair));
    if (globalCount >= MAX_FAILURES_PER_EMAIL) return Math.max(1, await this.redis.ttl(global));
    return 0;
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const multi = this.redis.multi();
    for (const key of [keyFor(email.toLowerCase(), ip), keyFor(email.toLowerCase())]) {
      multi.incr(key).expire(key, WINDOW_SECONDS, 'NX');
    }
    await multi.exec();
  }

  async clear(email: string, ip: string): Promise<void> {
    await this.redis.del(keyFor(email.toLowerCase(), ip));
  }
}
