import { type CanActivate, type ExecutionContext, Inject, Injectable, Logger, type Provider, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError, type OwnQuota, type Principal } from '@cs/domain';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { REDIS } from '../infrastructure.tokens';
import { limitField, policyField, type RateLimitPolicy, RateLimiter } from './rate-limiter';

export const RATE_LIMIT_POLICIES = Symbol('RATE_LIMIT_POLICIES');

export interface RateLimitPolicies {
  /** GET and HEAD. */
  reads: RateLimitPolicy;
  /** Everything else; without it, every request counts as a read (the MCP server, whose POSTs only read). */
  writes?: RateLimitPolicy;
  /** The routes marked `@UseQuota('exports')` (GET /export), counted apart from the reads. */
  exports?: RateLimitPolicy;
}

const QUOTA = 'cs:rate-limit-quota';

/** Counts a route against a quota of its own instead of its method's. */
export const UseQuota = (quota: OwnQuota) => SetMetadata(QUOTA, quota);

/**
 * Rate limits per credential (API key or OAuth grant), counted in Redis so every replica counts together.
 * Runs after authentication (register it after the bearer guard); unauthenticated routes are not limited here.
 * Every limited answer carries RateLimit-Policy and RateLimit; a refused one is 429 rate_limited with Retry-After.
 * Should Redis fail, requests pass (availability over strictness) and the failure is logged.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimitGuard');

  constructor(
    private readonly limiter: RateLimiter,
    @Inject(RATE_LIMIT_POLICIES) private readonly policies: RateLimitPolicies,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ method: string; user?: Principal }>();
    if (!req.user) return true;
    const policy = this.policyOf(context, req.method);
    let decision;
    try {
      decision = await this.limiter.take(`${req.user.via}:${req.user.credentialId}`, policy);
    } catch (err) {
      this.logger.warn({ err }, 'rate limit counters unavailable; letting the request through');
      return true;
    }
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('RateLimit-Policy', policyField(policy));
    res.setHeader('RateLimit', limitField(policy, decision));
    if (!decision.allowed) {
      throw new DomainError('rate_limited', `Rate limit of ${policy.quota} ${policy.name} per ${policy.windowSeconds} s exceeded; retry in ${decision.resetSeconds} s.`, {
        retryAfterSeconds: decision.resetSeconds,
      });
    }
    return true;
  }

  private policyOf(context: ExecutionContext, method: string): RateLimitPolicy {
    const quota = this.reflector.get<OwnQuota | undefined>(QUOTA, context.getHandler());
    if (quota !== undefined) {
      const own = this.policies[quota];
      if (!own) throw new Error(`rate limit: no ${quota} policy is configured for a route that counts against it`);
      return own;
    }
    return method === 'GET' || method === 'HEAD' || !this.policies.writes ? this.policies.reads : this.policies.writes;
  }
}

/** The limiter over the shared Redis, the policies and the guard, for an app's providers (key prefix apart per app). */
export function rateLimitProviders(policies: RateLimitPolicies, prefix?: string): Provider[] {
  return [
    { provide: RateLimiter, inject: [REDIS], useFactory: (redis: Redis) => new RateLimiter(redis, prefix) },
    { provide: RATE_LIMIT_POLICIES, useValue: policies },
    RateLimitGuard,
  ];
}
