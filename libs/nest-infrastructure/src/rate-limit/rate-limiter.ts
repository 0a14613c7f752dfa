import type { Redis } from 'ioredis';

export interface RateLimitPolicy {
  /** Name of the quota in the RateLimit-Policy field (e.g. "reads"). */
  name: string;
  /** Requests allowed per window. */
  quota: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

// One round trip, atomic: count the request in the current fixed window, start the window's clock on its first
// request, answer the count and the time left. Replicas share the counters, so a limit holds across them.
const TAKE = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/** Fixed-window request counters per credential in Redis. */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'cs:ratelimit',
  ) {}

  async take(subject: string, policy: RateLimitPolicy): Promise<RateLimitDecision> {
    const key = `${this.prefix}:${policy.name}:${subject}`;
    const [count, ttlMs] = (await this.redis.eval(TAKE, 1, key, String(policy.windowSeconds * 1000))) as [number, number];
    return {
      allowed: count <= policy.quota,
      remaining: Math.max(0, policy.quota - count),
      resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    };
  }
}

/** draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy: "reads";q=600;w=60`. */
export const policyField = (policy: RateLimitPolicy): string => `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`;

/** draft-ietf-httpapi-ratelimit-headers-10: `RateLimit: "reads";r=599;t=42`. */
export const limitField = (policy: RateLimitPolicy, decision: RateLimitDecision): string => `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`;
