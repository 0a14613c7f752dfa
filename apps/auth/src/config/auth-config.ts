import { shutdownEnv, metricsEnv, DEV_WEBHOOK_SECRET_KEY, commonEnv, parseEnv, port, signingSecret, webhookSecretKey } from '@cs/config';
import { DEV_SIGNING_KEY_SECRET } from '@cs/oauth';
import { z } from 'zod';

const DEV_COOKIE_KEYS = 'development-only-cookie-key-do-not-use-in-production';

export const authEnv = {
  ...commonEnv,
  ...shutdownEnv,
  ...metricsEnv,
  AUTH_PORT: port(3001),
  /** Comma-separated cookie signing keys shared by every replica; the first signs, all verify (rotation). */
  AUTH_COOKIE_KEYS: z
    .string()
    .default(DEV_COOKIE_KEYS)
    .transform((v) => v.split(',').map((k) => k.trim()).filter(Boolean))
    .refine((keys) => keys.length > 0 && keys.every((k) => k.length >= 32), 'each key must be at least 32 characters'),
  /** Encrypts the token-signing private keys at rest. */
  SIGNING_KEY_SECRET: signingSecret(DEV_SIGNING_KEY_SECRET),
  /** Behind a TLS-terminating proxy (Kubernetes ingress): trust X-Forwarded-* so oidc-provider sees the https request. */
  /** Seals webhook signing secrets at rest (developer settings → Webhooks); shared with the api and the webhook worker. */
  WEBHOOK_SECRET_KEY: webhookSecretKey,
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /**
   * Lets Client ID Metadata Documents be fetched from private and loopback addresses (tests and development, where
   * the document is served on 127.0.0.1), as WEBHOOK_ALLOW_PRIVATE_TARGETS does for webhooks; refused in production.
   */
  CLIENT_METADATA_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Dynamic client registrations (RFC 7591) accepted per client address and hour, across replicas. */
  CLIENT_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = parseEnv(authEnv, env, (c) => {
    if (c.NODE_ENV !== 'production') return null;
    if (c.AUTH_COOKIE_KEYS.includes(DEV_COOKIE_KEYS)) return 'AUTH_COOKIE_KEYS: must be set in production';
    if (c.SIGNING_KEY_SECRET === DEV_SIGNING_KEY_SECRET) return 'SIGNING_KEY_SECRET: must be set in production';
    if (c.WEBHOOK_SECRET_KEY === DEV_WEBHOOK_SECRET_KEY) return 'WEBHOOK_SECRET_KEY: must be set in production';
    if (!c.PUBLIC_AUTH_URL.startsWith('https://')) return 'PUBLIC_AUTH_URL: must be https in production';
    if (c.CLIENT_METADATA_ALLOW_PRIVATE_TARGETS) return 'CLIENT_METADATA_ALLOW_PRIVATE_TARGETS: must not be true in production';
    return null;
  });
  // Cookies are marked Secure whenever the public address is https (behind a TLS-terminating proxy too).
  return { ...config, secureCookies: config.PUBLIC_AUTH_URL.startsWith('https://') };
}

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
