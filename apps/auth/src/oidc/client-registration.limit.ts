import { RateLimiter, type RateLimitPolicy } from '@cs/nest-infrastructure';
import type { Redis } from 'ioredis';
import type Provider from 'oidc-provider';

type ProviderMiddleware = Parameters<Provider['use']>[0];

/**
 * Dynamic client registrations allowed per client address and hour (CLIENT_REGISTRATIONS_PER_HOUR). Registration
 * is anonymous (RFC 7591 without an initial access token: assistants register on their own), so this is what keeps
 * one address from filling oauth_clients; registrations left unused expire after DYNAMIC_CLIENT_UNUSED_HOURS.
 */
export function clientRegistrationLimit(redis: Redis, options: { path: string; perHour: number; issuer: string }): ProviderMiddleware {
  // Counters in Redis, shared by every replica; the issuer in the key keeps two deployments sharing a Redis apart.
  const limiter = new RateLimiter(redis, `cs:client-registrations:${options.issuer}`);
  const policy: RateLimitPolicy = { name: 'registrations', quota: options.perHour, windowSeconds: 3600 };
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== options.path) return next();
    const decision = await limiter.take(ctx.ip, policy);
    if (decision.allowed) return next();
    ctx.status = 429;
    ctx.set('Retry-After', String(decision.resetSeconds));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      error: 'temporarily_unavailable',
      error_description: `too many client registrations from this address; retry in ${decision.resetSeconds} seconds`,
    };
  };
}
