import { newId } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';
import { tagIds } from './support/listing';
import { workspaceRows, rejectedWithoutTrace } from './support/writes';

const env = useApiEnvironment();


describe('POST /api/v1/tags', () => {
  it('any member creates a tag: 201 with the tag, colour lower-cased, applied_count 0, listed for everyone', async () => {
    const { admin, member } = await env.world();
    const response = await member.client.request<{ id: string }>('POST', '/api/v1/tags', { json: { name: 'Customer', color: '#2F80ED', description: 'Calls with customers.' } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), name: 'Customer', color: '#2f80ed', description: 'Calls with customers.', applied_count: 0 });
    expect(await tagIds(admin.client)).toEqual([response.body.id]);
  });

  it('a name taken in the workspace, compared case-insensitively, is 409 conflict; nothing is written', async () => {
    const world = await env.world();
    await world.admin.client.createTag({ name: 'Customer' });
    for (const name of ['Customer', 'customer', 'CUSTOMER', '  customer ']) {
      const problem = await rejectedWithoutTrace(env.db, world, world.member.client.createTag({ name }));
      expect({ name, status: problem.status, code: problem.code }).toEqual({ name, status: 409, code: 'conflict' });
    }
  });

  it('the same name in another workspace is fine', async () => {
    const here = await env.world();
    const there = await env.world();
    await here.member.client.createTag({ name: 'Customer' });
    await expect(there.member.client.createTag({ name: 'customer' })).resolves.toMatchObject({ name: 'customer' });
  });
});

describe('PATCH /api/v1/tags/{id}', () => {
  it("any member renames any tag and changes its colour and description; null clears them", async () => {
    const { workspace, member } = await env.world();
    const tag = await env.fixtures.tag(workspace, { name: 'Old', color: '#000000', description: 'Old one.' });
    expect(await member.client.updateTag(tag.id, { name: 'New' })).toMatchObject({ id: tag.id, name: 'New', color: '#000000', description: 'Old one.' });
    expect(await member.client.updateTag(tag.id, { color: null, description: null })).toMatchObject({ name: 'New', color: null, description: null });
  });

  it('renaming to a name another tag has (any case) is 409; changing the case of its own name is fine', async () => {
    const world = await env.world();
    const a = await env.fixtures.tag(world.workspace, { name: 'Alpha' });
    await env.fixtures.tag(world.workspace, { name: 'Beta' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.updateTag(a.id, { name: 'BETA' }))).toMatchObject({ status: 409, code: 'conflict' });
    expect(await world.member.client.updateTag(a.id, { name: 'ALPHA' })).toMatchObject({ name: 'ALPHA' });
  });

  it("another workspace's tag, an unknown or a malformed id is 404", async () => {
    const here = await env.world();
    const there = await env.world();
    const theirs = await env.fixtures.tag(there.workspace, { name: 'Theirs' });
    for (const id of [theirs.id, newId('tag'), 'nonsense']) {
      expect(await rejectedWithoutTrace(env.db, here, here.member.client.updateTag(id, { name: 'Mine' }))).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect((await there.member.client.listTags()).data.map((t) => t.name)).toEqual(['Theirs']);
  });
});

describe('DELETE /api/v1/tags/{id}', () => {
  it('any member deletes a tag (204); it leaves every conversation, suggestions included', async () => {
    const { workspace, admin, member } = await env.world();
    const tag = await env.fixtures.tag(workspace);
    const applied = await env.fixtures.conversation(admin, { visibility: 'private' });
    const suggested = await env.fixtures.conversation(admin, { visibility: 'private' });
    await env.fixtures.applyTag(applied, tag);
    await env.fixtures.applyTag(suggested, tag, { origin: 'ai', accepted: false });
    const response = await member.client.request('DELETE', '/api/v1/tags/{id}', { pathParams: { id: tag.id } });
    expect(response.status).toBe(204);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ tags: 0, conversationTags: 0, conversations: 2 });
    expect((await admin.client.getConversation(applied.id)).tags).toEqual([]);
  });

  it("another workspace's tag is 404 and survives", async () => {
    const here = await env.world();
    const there = await env.world();
    const theirs = await env.fixtures.tag(there.workspace);
    expect(await rejectedWithoutTrace(env.db, here, here.admin.client.deleteTag(theirs.id))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await tagIds(there.member.client)).toEqual([theirs.id]);
  });
});

describe('concurrent tag writes', () => {
  it('concurrent creates of one name (any case) make exactly one tag; every other answer is 409 conflict, never a 500', async () => {
    const world = await env.world();
    const names = ['Launch', 'launch', 'LAUNCH', 'Launch', 'lAunch', 'launcH'];
    const answers = await Promise.all(names.map((name) => world.member.client.request<{ code?: string }>('POST', '/api/v1/tags', { json: { name } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(5).fill('conflict'));
    expect(await workspaceRows(env.db, world.workspace.id)).toMatchObject({ tags: 1 });
  });

  it('concurrent renames of two tags to one name leave one renamed and answer the other 409 conflict', async () => {
    const world = await env.world();
    const a = await env.fixtures.tag(world.workspace, { name: 'A' });
    const b = await env.fixtures.tag(world.workspace, { name: 'B' });
    const answers = await Promise.all([a, b].map((tag) => world.member.client.request<{ code?: string }>('PATCH', '/api/v1/tags/{id}', { pathParams: { id: tag.id }, json: { name: 'Same' } })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await world.member.client.listTags()).data.map((t) => t.name).sort()).toEqual(expect.arrayContaining(['Same']));
  });
});

describe('concurrent delete and use of a tag', () => {
  it('deleting a tag while it is applied or used in a new conversation: either the delete wins (404) or the use wins and the delete then removes it, never a 500', async () => {
    const world = await env.world();
    for (let round = 0; round < 6; round++) {
      const tag = await env.fixtures.tag(world.workspace);
      const conversation = await env.fixtures.conversation(world.member);
      const use =
        round % 2 === 0
          ? world.member.client.request<{ code?: string }>('PUT', '/api/v1/conversations/{id}/tags/{tag_id}', { pathParams: { id: conversation.id, tag_id: tag.id } })
          : world.member.client.request<{ code?: string }>('POST', '/api/v1/conversations', { json: { tag_ids: [tag.id], sources: [{ type: 'text', content: 'x' }] } });
      const remove = world.member.client.request<{ code?: string }>('DELETE', '/api/v1/tags/{id}', { pathParams: { id: tag.id } });
      const [useAnswer, removeAnswer] = await Promise.all([use, remove]);
      expect({ round, use: [200, 201, 404].includes(useAnswer.status), remove: removeAnswer.status }).toEqual({ round, use: true, remove: 204 });
      const [left] = await env.db.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM conversation_tags WHERE tag_id = $1`, [tag.id]);
      expect(left?.n).toBe(0);
    }
  });
});
