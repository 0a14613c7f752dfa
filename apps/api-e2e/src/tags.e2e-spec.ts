import { useApiEnvironment } from './support/api-environment';
import { byName, tagIds } from './support/listing';

const env = useApiEnvironment();

describe('GET /api/v1/tags', () => {
  it('lists every tag of the workspace ordered by name case-insensitively (names are unique regardless of case)', async () => {
    const { workspace, member } = await env.world();
    const tags = [];
    // Byte order would put every upper-case initial first; case-insensitive order interleaves them.
    for (const name of ['delta', 'Bravo', 'alpha', 'ECHO', 'charlie', 'Foxtrot', 'golf']) tags.push(await env.fixtures.tag(workspace, { name }));
    await env.fixtures.tag(await env.fixtures.workspace(), { name: 'aaa-other-workspace' });

    const page = await member.client.listTags();
    expect(page.data.map((t) => t.id)).toEqual(byName(tags));
    expect(page).toMatchObject({ next_cursor: null, has_more: false });
    expect(await tagIds(member.client, { limit: 4 })).toEqual(byName(tags));
  });

  it('returns each tag with id, name, color, description and applied_count', async () => {
    const { workspace, member } = await env.world();
    const tag = await env.fixtures.tag(workspace, { name: 'Customer', color: '#00aa11', description: 'Calls with customers.' });
    const plain = await env.fixtures.tag(workspace, { name: 'Plain' });
    expect((await member.client.listTags()).data).toEqual([
      { id: tag.id, name: 'Customer', color: '#00aa11', description: 'Calls with customers.', applied_count: 0 },
      { id: plain.id, name: 'Plain', color: null, description: null, applied_count: 0 },
    ]);
  });

  it("applied_count counts accepted tags on the caller's visible conversations of any status, never unaccepted suggestions", async () => {
    const { workspace, admin, member } = await env.world();
    const tag = await env.fixtures.tag(workspace, { name: 'Counted' });
    const apply = async (over: Parameters<typeof env.fixtures.conversation>[1], origin: 'user' | 'ai' = 'user', accepted = true) => {
      const conversation = await env.fixtures.conversation(admin, over);
      await env.fixtures.applyTag(conversation, tag, { origin, accepted });
    };
    await apply({ status: 'ready' });
    await apply({ status: 'pending' });
    await apply({ status: 'error' });
    await apply({ status: null });
    await apply({}, 'ai', true);
    await apply({}, 'ai', false);
    await apply({ visibility: 'private' });

    const countFor = async (client: typeof member.client) => (await client.listTags()).data.find((t) => t.id === tag.id)?.applied_count;
    expect(await countFor(member.client)).toBe(5);
    expect(await countFor(admin.client)).toBe(6);
  });
});
