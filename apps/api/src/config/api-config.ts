import { DEV_RECORDER_CALLBACK_SECRET, DEV_WEBHOOK_SECRET_KEY, commonEnv, exportEnv, feedEnv, rateLimitEnv, inFlightLimitEnv, shutdownEnv, metricsEnv, httpUrl, parseEnv, port, recallEnv, recorderCallbackSecret, recorderEnvProblem, recorderProvider, searchEnv, searchEnvProblem, signingSecret, webhookSecretKey } from '@cs/config';

const DEV_CURSOR_SECRET = 'development-only-cursor-secret-do-not-use-in-production';

export const apiEnv = {
  ...commonEnv,
  ...rateLimitEnv,
  ...inFlightLimitEnv,
  ...shutdownEnv,
  ...metricsEnv,
  ...searchEnv,
  ...exportEnv,
  ...feedEnv,
  API_PORT: port(3000),
  /** HMAC key of page cursors; shared by every replica so any of them accepts a cursor another issued. */
  CURSOR_SECRET: signingSecret(DEV_CURSOR_SECRET),
  /**
   * Where the access-token signing keys are fetched, when not at the issuer's public address (inside a cluster,
   * e.g. http://auth:3001/api/auth/oauth2/jwks). The issuer checked in tokens stays PUBLIC_AUTH_URL.
   */
  AUTH_JWKS_URL: httpUrl('').optional(),
  /** Which recorder joins meetings for POST /bots; `development` is the scripted one shipped for demos and tests. */
  RECORDER_PROVIDER: recorderProvider,
  /** Signs the recorder's callbacks (Standard Webhooks); shared with the recorder (the processor's development recorder). */
  RECORDER_CALLBACK_SECRET: recorderCallbackSecret,
  /** RECALL_WEBHOOK_SECRET verifies Recall.ai's status webhooks when RECORDER_PROVIDER=recall (docs/recall.md). */
  RECALL_WEBHOOK_SECRET: recallEnv.RECALL_WEBHOOK_SECRET,
  /** Seals webhook signing secrets at rest (POST /webhooks and rotate-secret); shared with auth and the webhook worker. */
  WEBHOOK_SECRET_KEY: webhookSecretKey,
};

export type ApiConfig = ReturnType<typeof loadApiConfig>;

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = parseEnv(apiEnv, env, (c) =>
    // The development recorder's refusal in production is the processor's (it runs the recorder).
    (c.RECORDER_PROVIDER === 'recall' ? recorderEnvProblem(c, { apiKey: false, webhookSecret: true }) : null) ??
    searchEnvProblem(c) ??
    (c.NODE_ENV !== 'production'
      ? null
      : c.CURSOR_SECRET === DEV_CURSOR_SECRET
        ? 'CURSOR_SECRET: must be set in production'
        : c.RECORDER_CALLBACK_SECRET === DEV_RECORDER_CALLBACK_SECRET
          ? 'RECORDER_CALLBACK_SECRET: must be set in production'
          : c.WEBHOOK_SECRET_KEY === DEV_WEBHOOK_SECRET_KEY
            ? 'WEBHOOK_SECRET_KEY: must be set in production'
            : null),
  );
  return {
    ...config,
    AUTH_JWKS_URL: config.AUTH_JWKS_URL ?? `${config.PUBLIC_AUTH_URL}/api/auth/oauth2/jwks`,
    /** The `aud` of access tokens for this resource (docs/api.md "OAuth"). */
    OAUTH_AUDIENCE: `${config.PUBLIC_API_URL}/api/v1`,
  };
}

export const API_CONFIG = Symbol('API_CONFIG');
