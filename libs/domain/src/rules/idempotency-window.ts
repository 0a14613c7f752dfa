/**
 * docs/api.md "Idempotency", Stripe's window: an Idempotency-Key is remembered for 24 hours, then it may be used
 * again. libs/writes answers replays within it; libs/processing's housekeeping deletes keys older than it.
 */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;
