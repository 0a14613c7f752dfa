import { shutdownEnv, metricsEnv, commonEnv, rateLimitEnv, inFlightLimitEnv, httpUrl, mcpOriginEnv, parseEnv, port, searchEnv, searchEnvProblem, signingSecret } from '@cs/config';

const DEV_CURSOR_SECRET = 'development-only-cursor-secret-do-not-use-in-production';

export const mcpEnv = {
  ...commonEnv,
  ...shutdownEnv,
  ...metricsEnv,
  ...rateLimitEnv,
  ...inFlightLimitEnv,
  ...searchEnv,
  ...mcpOriginEnv,
  MCP_PORT: port(3002),
  /** HMAC key of page cursors; shared by every replica so any of them accepts a cursor another issued. */
  CURSOR_SECRET: signingSecret(DEV_CURSOR_SECRET),
  /** Where the access-token signing keys are fetched when not at the issuer's public address (inside a cluster). */
  AUTH_JWKS_URL: httpUrl('').optional(),
};

export type McpConfig = ReturnType<typeof loadMcpConfig>;

export function loadMcpConfig(env: NodeJS.ProcessEnv = process.env) {
  const config = parseEnv(
    mcpEnv,
    env,
    (c) => searchEnvProblem(c) ?? (c.NODE_ENV === 'production' && c.CURSOR_SECRET === DEV_CURSOR_SECRET ? 'CURSOR_SECRET: must be set in production' : null),
  );
  const resource = new URL(config.PUBLIC_MCP_URL);
  return {
    ...config,
    AUTH_JWKS_URL: config.AUTH_JWKS_URL ?? `${config.PUBLIC_AUTH_URL}/api/auth/oauth2/jwks`,
    /** The `aud` of access tokens for this resource: the MCP server's own URL (MCP authorization, RFC 8707). */
    OAUTH_AUDIENCE: config.PUBLIC_MCP_URL,
    /**
     * RFC 9728 §3.1: the metadata of a resource with a path lives at the well-known prefix plus that path; this is
     * what the 401 challenge points clients to.
     */
    RESOURCE_METADATA_URL: `${resource.origin}/.well-known/oauth-protected-resource${resource.pathname === '/' ? '' : resource.pathname}`,
  };
}

export const MCP_CONFIG = Symbol('MCP_CONFIG');
