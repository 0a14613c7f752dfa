import { randomBytes } from 'node:crypto';
import { openText, sealText } from '@cs/domain';

const PURPOSE = 'webhook-secrets';

/**
 * A new signing secret as Standard Webhooks issues them: `whsec_` + standard base64 of 32 random bytes (the
 * reference libraries decode it with a strict base64 decoder, so not base64url).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Stored form of a signing secret: sealed under WEBHOOK_SECRET_KEY (it must be read back to sign). */
export function sealWebhookSecret(key: string, secret: string): string {
  return sealText(key, PURPOSE, secret);
}

export function openWebhookSecret(key: string, sealed: string): string {
  return openText(key, PURPOSE, sealed);
}

/** After a rotation the previous secret keeps signing beside the new one for 24 hours (Standard Webhooks). */
export const PREVIOUS_SECRET_GRACE_SECONDS = 24 * 60 * 60;
