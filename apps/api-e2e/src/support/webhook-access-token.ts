import { createPrivateKey, type JsonWebKey, randomUUID, sign } from 'node:crypto';
import { loadSigningKeys } from '@cs/oauth';
import type { DataSource } from 'typeorm';
import type { Actor } from './api-environment';

/**
 * An RS256 access token for the REST API signed with the authorization server's active key and the claims the
 * auth app issues (README "Tokens"), as write-authorization.e2e-spec.ts mints them.
 */
export async function mintAccessToken(
  ds: DataSource,
  options: { signingKeySecret: string; issuer: string; audience: string },
  actor: Actor,
  scope = 'openid conversations:read folders:read email',
): Promise<string> {
  const { active } = await loadSigningKeys(ds, options.signingKeySecret);
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = { alg: 'RS256', typ: 'at+jwt', kid: active.kid };
  const payload = {
    iss: options.issuer,
    aud: options.audience,
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
}
