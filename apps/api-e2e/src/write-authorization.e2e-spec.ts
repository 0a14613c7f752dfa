import type { HttpMethod, Problem } from '@cs/api-client';
import type { Actor, World } from './support/api-environment';
import { useApiWithAuth } from './support/auth-beside-api';
import { transcript, workspaceRows } from './support/writes';

/** The real authorization server runs beside the api, so a real OAuth access token can be shown to be refused. */
const { env, accessToken } = useApiWithAuth({
  signingKeySecret: 'api-e2e-signing-key-secret-0123456789abcdefghijklmn',
  cookieKeys: 'api-e2e-cookie-key-0123456789abcdefghijklmnopqrstuv',
});

/** Every write endpoint with a body that would succeed for the owner with an API key. */
async function everyWrite(world: World, owner: Actor): Promise<Array<[HttpMethod, string, Record<string, string>, unknown]>> {
  const conversation = await env.fixtures.conversation(owner);
  const folder = await env.fixtures.folder(owner);
  const tag = await env.fixtures.tag(world.workspace);
  return [
    ['POST', '/api/v1/conversations', {}, { sources: [transcript()] }],
    ['PATCH', '/api/v1/conversations/{id}', { id: conversation.id }, { title: 'x' }],
    ['POST', '/api/v1/conversations/{id}/sources', { id: conversation.id }, { type: 'text', content: 'x' }],
    ['PUT', '/api/v1/conversations/{id}/tags/{tag_id}', { id: conversation.id, tag_id: tag.id }, undefined],
    ['DELETE', '/api/v1/conversations/{id}/tags/{tag_id}', { id: conversation.id, tag_id: tag.id }, undefined],
    ['POST', '/api/v1/folders', {}, { name: 'x' }],
    ['PATCH', '/api/v1/folders/{id}', { id: folder.id }, { name: 'y' }],
    ['POST', '/api/v1/tags', {}, { name: 'new tag' }],
    ['PATCH', '/api/v1/tags/{id}', { id: tag.id }, { name: 'renamed' }],
    ['DELETE', '/api/v1/folders/{id}', { id: folder.id }, undefined],
    ['DELETE', '/api/v1/tags/{id}', { id: tag.id }, undefined],
    ['DELETE', '/api/v1/conversations/{id}', { id: conversation.id }, undefined],
  ];
}

describe('who may write', () => {
  it('an OAuth access token that reads fine gets 403 api_key_required on every write, and nothing is written', async () => {
    const world = await env.world();
    const token = await accessToken(world.member);
    const oauth = env.client(token);
    // The token is valid: it reads.
    await expect(oauth.me()).resolves.toMatchObject({ user_id: world.member.user.id, workspace_id: world.workspace.id });
    await expect(oauth.listConversations()).resolves.toMatchObject({ data: [] });

    const writes = await everyWrite(world, world.member);
    const before = await workspaceRows(env.db, world.workspace.id);
    for (const [method, path, pathParams, json] of writes) {
      const response = await oauth.request<Problem>(method, path, { pathParams, json });
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({ method, path, status: 403, code: 'api_key_required' });
    }
    expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  });

  it('the same writes with the same user’s API key succeed (the 403 is about the credential, not the user)', async () => {
    const world = await env.world();
    const writes = await everyWrite(world, world.member);
    for (const [method, path, pathParams, json] of writes) {
      const response = await world.member.client.request(method, path, { pathParams, json });
      expect({ method, path, ok: response.status >= 200 && response.status < 300 }).toEqual({ method, path, ok: true });
    }
  });

  it('writes without credentials are 401 invalid_token with a bare Bearer challenge; nothing is written', async () => {
    const world = await env.world();
    const anonymous = env.client();
    const writes = await everyWrite(world, world.member);
    const before = await workspaceRows(env.db, world.workspace.id);
    for (const [method, path, pathParams, json] of writes) {
      const response = await anonymous.request<Problem>(method, path, { pathParams, json });
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({ method, path, status: 401, code: 'invalid_token' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="conversation-service"');
    }
    expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  });

  it('a revoked API key cannot write', async () => {
    const world = await env.world();
    await env.db.dataSource.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [world.member.keyId]);
    const response = await world.member.client.request<Problem>('POST', '/api/v1/tags', { json: { name: 'x' } });
    expect(response.status).toBe(401);
    expect(await workspaceRows(env.db, world.workspace.id)).toMatchObject({ tags: 0 });
  });

  it('an API key writes only in its own workspace: ids of another workspace are 404 there', async () => {
    const here = await env.world();
    const there = await env.world();
    const writes = await everyWrite(there, there.member);
    const before = await workspaceRows(env.db, there.workspace.id);
    for (const [method, path, pathParams, json] of writes) {
      if (Object.keys(pathParams).length === 0) continue;
      const response = await here.admin.client.request<Problem>(method, path, { pathParams, json });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    expect(await workspaceRows(env.db, there.workspace.id)).toEqual(before);
  });
});
