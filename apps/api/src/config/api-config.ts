import { commonEnv, parseEnv, port, signingSecret } from '@cs/config';

const DEV_CURSOR_SECRET = 'development-only-cursor-secret-do-not-use-in-production';

export const apiEnv = {
  ...commonEnv,
  API_PORT: port(3000),
  /** HMAC key of page cursors; shared by every replica so any of them accepts a cursor another issued. */
  CURSOR_SECRET: signingSecret(DEV_CURSOR_SECRET),
};

export type ApiConfig = ReturnType<typeof loadApiConfig>;

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env) {
  return parseEnv(apiEnv, env, (c) =>
    c.NODE_ENV === 'production' && c.CURSOR_SECRET === DEV_CURSOR_SECRET ? 'CURSOR_SECRET: must be set in production' : null,
  );
}

export const API_CONFIG = Symbol('API_CONFIG');
