import { createPrivateKey, type JsonWebKey, randomUUID, sign } from 'node:crypto';
import { loadSigningKeys } from '@cs/oauth';
import { freePorts, startTestApp, type TestAppProcess, testAppEnv } from '@cs/testing';
import { type Actor, type ApiEnvironment, useApiEnvironment } from './api-environment';

export interface ApiWithAuth {
  readonly env: ApiEnvironment;
  /**
   * An RS256 access token (RFC 9068) for the REST API, signed with the authorization server's active key and the
   * claims the auth app issues (docs/api.md "OAuth").
   */
  accessToken(actor: Actor, scope?: string): Promise<string>;
}

/**
 * The api with the real authorization server (the built `auth` app) beside it on the same database: auth creates
 * the signing key and publishes it at its JWKS endpoint, which the api verifies tokens against. Tests sign tokens
 * with that very key instead of walking the browser consent flow that apps/auth-e2e covers. Registers
 * beforeAll/afterAll hooks.
 */
export function useApiWithAuth(secrets: { signingKeySecret: string; cookieKeys: string }): ApiWithAuth {
  let authPort = 0;
  let authUrl = '';
  let auth: TestAppProcess | undefined;
  const env = useApiEnvironment({
    env: async () => {
      [authPort] = (await freePorts(1)) as [number];
      authUrl = `http://127.0.0.1:${authPort}`;
      return { PUBLIC_AUTH_URL: authUrl, AUTH_JWKS_URL: `${authUrl}/api/auth/oauth2/jwks` };
    },
  });

  beforeAll(async () => {
    auth = await startTestApp('auth', {
      port: authPort,
      env: {
        ...testAppEnv(env.db.url),
        PUBLIC_AUTH_URL: authUrl,
        PUBLIC_API_URL: env.baseUrl,
        SIGNING_KEY_SECRET: secrets.signingKeySecret,
        AUTH_COOKIE_KEYS: secrets.cookieKeys,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await auth?.stop();
  }, 60_000);

  return {
    env,
    async accessToken(actor, scope = 'openid offline_access conversations:read folders:read email') {
      const { active } = await loadSigningKeys(env.db.dataSource, secrets.signingKeySecret);
      const now = Math.floor(Date.now() / 1000);
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const header = { alg: 'RS256', typ: 'at+jwt', kid: active.kid };
      const payload = {
        iss: authUrl,
        aud: `${env.baseUrl}/api/v1`,
        sub: actor.user.id,
        user_id: actor.user.id,
        workspace_id: actor.workspace.id,
        tenant_id: actor.workspace.tenantId,
        client_type: 'conversations-external',
        client_id: `ext_${randomUUID().replace(/-/g, '')}`,
        grant_id: randomUUID(),
        scope,
        jti: randomUUID(),
        iat: now,
        exp: now + 3600,
      };
      const input = `${encode(header)}.${encode(payload)}`;
      const key = createPrivateKey({ key: active as JsonWebKey, format: 'jwk' });
      return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
    },
  };
}
