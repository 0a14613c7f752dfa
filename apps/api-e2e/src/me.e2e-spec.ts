import { addMembership } from '@cs/accounts';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

describe('GET /api/v1/me', () => {
  it("returns the API key's user_id, email, workspace_id and workspace_name (API keys carry the email scope)", async () => {
    const { workspace, admin, member } = await env.world();
    expect(await member.client.me()).toEqual({
      user_id: member.user.id,
      email: member.user.email,
      workspace_id: workspace.id,
      workspace_name: workspace.name,
    });
    expect(await admin.client.me()).toMatchObject({ user_id: admin.user.id, email: admin.user.email });
  });

  it('answers for the workspace the key is bound to when the user belongs to several', async () => {
    const first = await env.fixtures.workspace({ name: 'First' });
    const second = await env.fixtures.workspace({ name: 'Second' });
    const inFirst = await env.fixtures.member(first);
    const user = inFirst.user;
    const inSecond = { user, workspace: second, role: 'member' as const };
    await addMembership(env.db.dataSource, { workspaceId: second.id, userId: user.id, role: 'member' });
    const { key } = await env.fixtures.apiKey(inSecond);
    expect(await env.client(key).me()).toEqual({ user_id: user.id, email: user.email, workspace_id: second.id, workspace_name: 'Second' });
  });
});
