import { newId } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';
import { folderIds } from './support/listing';
import { rejectedWithoutTrace } from './support/writes';

const env = useApiEnvironment();


const parentOf = async (id: string): Promise<string | null> => {
  const [row] = await env.db.dataSource.query<{ parent_id: string | null }[]>(`SELECT parent_id FROM folders WHERE id = $1`, [id]);
  if (!row) throw new Error(`folder ${id} does not exist`);
  return row.parent_id;
};

describe('POST /api/v1/folders', () => {
  it('answers 201 with the folder, workspace-visible by default, at the top level or inside a visible folder', async () => {
    const { admin, member } = await env.world();
    const response = await member.client.request<{ id: string }>('POST', '/api/v1/folders', { json: { name: '  Customers  ' } });
    expect(response.status).toBe(201);
    const top = await member.client.listFolders();
    expect(top.data).toEqual([{ id: response.body.id, name: 'Customers', parent_id: null, created_at: expect.any(String) }]);
    const child = await member.client.createFolder({ name: 'Acme', parent_id: response.body.id });
    expect(child).toMatchObject({ name: 'Acme', parent_id: response.body.id });
    expect((await folderIds(admin.client)).sort()).toEqual([child.id, response.body.id].sort());
    const secret = await member.client.createFolder({ name: 'Mine', visibility: 'private' });
    expect(await folderIds(admin.client)).not.toContain(secret.id);
  });

  it("a parent of another workspace, an invisible parent or an unknown one is 404 naming parent_id; nothing is written", async () => {
    const here = await env.world();
    const there = await env.world();
    for (const parentId of [(await env.fixtures.folder(there.admin)).id, (await env.fixtures.folder(here.admin, { visibility: 'private' })).id, newId('folder')]) {
      const problem = await rejectedWithoutTrace(env.db, here, here.member.client.createFolder({ name: 'Child', parent_id: parentId }));
      expect(problem).toMatchObject({ status: 404, code: 'not_found', invalid_params: [{ name: 'parent_id', reason: 'no such folder' }] });
    }
  });

  it('a missing or empty name is 400 naming name', async () => {
    const world = await env.world();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 7 }]) {
      const problem = await rejectedWithoutTrace(env.db, world, world.member.client.createFolder(body as never));
      expect(problem).toMatchObject({ status: 400, code: 'invalid_parameter', invalid_params: [{ name: 'name' }] });
    }
  });
});

describe('PATCH /api/v1/folders/{id}', () => {
  it('the owner renames, moves and changes visibility; parent_id null moves it to the top', async () => {
    const { admin, member } = await env.world();
    const a = await env.fixtures.folder(member, { name: 'A' });
    const b = await env.fixtures.folder(member, { name: 'B' });
    expect(await member.client.updateFolder(b.id, { name: 'B2', parent_id: a.id })).toMatchObject({ id: b.id, name: 'B2', parent_id: a.id });
    expect(await member.client.updateFolder(b.id, { visibility: 'private' })).toMatchObject({ name: 'B2', parent_id: a.id });
    expect(await folderIds(admin.client)).toEqual([a.id]);
    expect(await member.client.updateFolder(b.id, { parent_id: null })).toMatchObject({ parent_id: null });
  });

  it('moving a folder into itself or anywhere in its own subtree is 409 conflict; the tree stays as it was', async () => {
    const world = await env.world();
    const top = await env.fixtures.folder(world.member);
    const child = await env.fixtures.folder(world.member, { parentId: top.id });
    const grandchild = await env.fixtures.folder(world.member, { parentId: child.id });
    for (const target of [top.id, child.id, grandchild.id]) {
      const problem = await rejectedWithoutTrace(env.db, world, world.member.client.updateFolder(top.id, { parent_id: target }));
      expect({ target, status: problem.status, code: problem.code }).toEqual({ target, status: 409, code: 'conflict' });
    }
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.updateFolder(child.id, { parent_id: grandchild.id }))).toMatchObject({ status: 409 });
    expect([await parentOf(top.id), await parentOf(child.id), await parentOf(grandchild.id)]).toEqual([null, top.id, child.id]);
    // Moving a folder next to itself (to its own parent's sibling) is fine.
    const sibling = await env.fixtures.folder(world.member);
    expect(await world.member.client.updateFolder(grandchild.id, { parent_id: sibling.id })).toMatchObject({ parent_id: sibling.id });
  });

  it('a member who can see a workspace folder but does not own it gets 403 forbidden, and nothing changes', async () => {
    const world = await env.world();
    const shared = await env.fixtures.folder(world.admin, { name: 'Team', visibility: 'workspace' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.updateFolder(shared.id, { name: 'Mine' }))).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await world.admin.client.listFolders()).data.map((f) => f.name)).toEqual(['Team']);
  });

  it("an invisible folder, another workspace's folder or an unknown id is 404; moving under another workspace's folder is 404 naming parent_id", async () => {
    const here = await env.world();
    const there = await env.world();
    const secret = await env.fixtures.folder(here.admin, { visibility: 'private' });
    const theirs = await env.fixtures.folder(there.admin);
    const mine = await env.fixtures.folder(here.member);
    for (const id of [secret.id, theirs.id, newId('folder'), 'nonsense']) {
      expect(await rejectedWithoutTrace(env.db, here, here.member.client.updateFolder(id, { name: 'x' }))).toMatchObject({ status: 404, code: 'not_found' });
    }
    const problem = await rejectedWithoutTrace(env.db, here, here.member.client.updateFolder(mine.id, { parent_id: theirs.id }));
    expect(problem).toMatchObject({ status: 404, invalid_params: [{ name: 'parent_id', reason: 'no such folder' }] });
    expect(await parentOf(mine.id)).toBeNull();
  });
});

describe('DELETE /api/v1/folders/{id}', () => {
  it('deletes an empty folder with 204', async () => {
    const { member } = await env.world();
    const folder = await env.fixtures.folder(member);
    const response = await member.client.request('DELETE', '/api/v1/folders/{id}', { pathParams: { id: folder.id } });
    expect(response.status).toBe(204);
    expect(await folderIds(member.client)).toEqual([]);
  });

  it("a folder holding a subfolder or a conversation (even someone else's private one) is 409 conflict and survives", async () => {
    const world = await env.world();
    const withChild = await env.fixtures.folder(world.member);
    await env.fixtures.folder(world.member, { parentId: withChild.id });
    const withConversation = await env.fixtures.folder(world.member);
    await env.fixtures.conversation(world.admin, { visibility: 'private', folderId: withConversation.id });
    for (const folder of [withChild, withConversation]) {
      expect(await rejectedWithoutTrace(env.db, world, world.member.client.deleteFolder(folder.id))).toMatchObject({ status: 409, code: 'conflict' });
    }
  });

  it('a member who does not own a visible folder gets 403; an invisible one 404; both survive', async () => {
    const world = await env.world();
    const shared = await env.fixtures.folder(world.admin, { visibility: 'workspace' });
    const secret = await env.fixtures.folder(world.admin, { visibility: 'private' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.deleteFolder(shared.id))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.deleteFolder(secret.id))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await folderIds(world.admin.client)).toHaveLength(2);
  });
});

describe('concurrent folder moves', () => {
  it('two folders moved into each other at the same time never form a cycle: one move wins, the other is 409 conflict', async () => {
    const world = await env.world();
    for (let round = 0; round < 5; round++) {
      const a = await env.fixtures.folder(world.member);
      const b = await env.fixtures.folder(world.member);
      const answers = await Promise.all([
        world.member.client.request<{ code?: string }>('PATCH', '/api/v1/folders/{id}', { pathParams: { id: a.id }, json: { parent_id: b.id } }),
        world.member.client.request<{ code?: string }>('PATCH', '/api/v1/folders/{id}', { pathParams: { id: b.id }, json: { parent_id: a.id } }),
      ]);
      expect({ round, statuses: answers.map((r) => r.status).sort() }).toEqual({ round, statuses: [200, 409] });
      const parents = [await parentOf(a.id), await parentOf(b.id)];
      expect(parents.filter((p) => p === null)).toHaveLength(1);
    }
  });
});

describe('concurrent delete and fill of a folder', () => {
  it('deleting a folder while a subfolder or a conversation is put into it: either the delete wins (the put is 404) or the put wins (the delete is 409), never a 500', async () => {
    const world = await env.world();
    for (let round = 0; round < 6; round++) {
      const folder = await env.fixtures.folder(world.member);
      const put =
        round % 2 === 0
          ? world.member.client.request<{ code?: string }>('POST', '/api/v1/folders', { json: { name: 'Child', parent_id: folder.id } })
          : world.member.client.request<{ code?: string }>('POST', '/api/v1/conversations', { json: { folder_id: folder.id, sources: [{ type: 'text', content: 'x' }] } });
      const remove = world.member.client.request<{ code?: string }>('DELETE', '/api/v1/folders/{id}', { pathParams: { id: folder.id } });
      const [putAnswer, removeAnswer] = await Promise.all([put, remove]);
      const outcome = [putAnswer.status, removeAnswer.status];
      expect({ round, ok: JSON.stringify(outcome) === '[201,409]' || JSON.stringify(outcome) === '[404,204]', outcome }).toEqual({ round, ok: true, outcome });
    }
  });
});
