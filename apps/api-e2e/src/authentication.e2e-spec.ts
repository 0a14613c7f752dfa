import type { Problem } from '@cs/api-client';
import { newId, newSecret } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

const PROTECTED = [
  ['/api/v1/conversations', {}],
  ['/api/v1/conversations/{id}', { id: newId('conversation') }],
  ['/api/v1/tags', {}],
  ['/api/v1/folders', {}],
  ['/api/v1/me', {}],
] as const;

const CHALLENGE_WITHOUT_CREDENTIALS = 'Bearer realm="conversation-service"';
const INVALID_TOKEN_CHALLENGE = /^Bearer realm="conversation-service", error="invalid_token", error_description="[^"]*"$/;

async function call(path: string, pathParams: Readonly<Record<string, string>>, authorization: string | null) {
  return env.client().request<Problem>('GET', path, { pathParams, headers: authorization === null ? {} : { Authorization: authorization } });
}

function expectInvalidToken(response: { status: number; body: Problem; headers: Headers }, challenge: string | RegExp): void {
  expect(response.status).toBe(401);
  expect(response.body).toMatchObject({ status: 401, code: 'invalid_token' });
  const header = response.headers.get('www-authenticate');
  if (typeof challenge === 'string') expect(header).toBe(challenge);
  else expect(header).toMatch(challenge);
}

describe('authentication', () => {
  it.each(PROTECTED)('%s without credentials is 401 invalid_token with a bare Bearer realm challenge', async (path, params) => {
    expectInvalidToken(await call(path, params, null), CHALLENGE_WITHOUT_CREDENTIALS);
  });

  it.each(PROTECTED)('%s with a malformed Authorization header is 401 with error="invalid_token"', async (path, params) => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'sk_only', 'Bearer sk_short', 'Bearer not-a-key']) {
      expectInvalidToken(await call(path, params, header), INVALID_TOKEN_CHALLENGE);
    }
  });

  it.each(PROTECTED)('%s with an unknown API key is 401 with error="invalid_token"', async (path, params) => {
    expectInvalidToken(await call(path, params, `Bearer ${newSecret('apiKey')}`), INVALID_TOKEN_CHALLENGE);
  });

  it('a revoked API key is rejected on the very next call', async () => {
    const { member } = await env.world();
    expect((await member.client.me()).user_id).toBe(member.user.id);
    await env.db.dataSource.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [member.keyId]);
    for (const [path, params] of PROTECTED) expectInvalidToken(await call(path, params, `Bearer ${member.key}`), INVALID_TOKEN_CHALLENGE);
  });

  it('an API key stored as revoked never works', async () => {
    const { workspace } = await env.world();
    const user = await env.fixtures.member(workspace);
    const { key } = await env.fixtures.apiKey(user, { revokedAt: new Date() });
    expectInvalidToken(await call('/api/v1/me', {}, `Bearer ${key}`), INVALID_TOKEN_CHALLENGE);
  });

  it('an API key carries every read scope: conversations, tags, folders and /me all answer 200', async () => {
    const { member } = await env.world();
    await expect(member.client.listConversations()).resolves.toMatchObject({ has_more: false });
    await expect(member.client.listTags()).resolves.toMatchObject({ has_more: false });
    await expect(member.client.listFolders()).resolves.toMatchObject({ has_more: false });
    await expect(member.client.me()).resolves.toMatchObject({ user_id: member.user.id });
  });

  it('the OpenAPI document, problem types and probes need no credentials', async () => {
    const anonymous = env.client();
    for (const [path, pathParams] of [
      ['/api/v1/openapi.json', {}],
      ['/api/v1/problems/{code}', { code: 'not_found' }],
      ['/healthz', {}],
      ['/readyz', {}],
    ] as const) {
      expect({ path, status: (await anonymous.request('GET', path, { pathParams })).status }).toEqual({ path, status: 200 });
    }
  });
});
