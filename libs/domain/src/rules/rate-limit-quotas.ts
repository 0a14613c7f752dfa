/**
 * The rate-limit quotas a credential has (docs/api.md "Rate limits"): GET and HEAD count as reads, other methods as
 * writes, and the routes with a quota of their own (GET /export) against it.
 */
export const RATE_LIMIT_QUOTAS = ['reads', 'writes', 'exports'] as const;

export type RateLimitQuotaName = (typeof RATE_LIMIT_QUOTAS)[number];

/** A quota a route may count against instead of its method's. */
export type OwnQuota = Exclude<RateLimitQuotaName, 'reads' | 'writes'>;
