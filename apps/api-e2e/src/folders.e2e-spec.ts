import { newId } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';
import { failure, folderIds, newestFirst } from './support/listing';

const env = useApiEnvironment();

const T0 = Date.parse('2026-04-01T08:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('GET /api/v1/folders', () => {
  it('lists visible folders newest first (created_at descending, id descending) with id, name, parent_id and created_at', async () => {
    const { admin, member } = await env.world();
    const parent = await env.fixtures.folder(admin, { name: 'Customers', createdAt: at(1) });
    const child = await env.fixtures.folder(admin, { name: 'Acme', parentId: parent.id, createdAt: at(2) });
    const page = await member.client.listFolders();
    expect(page).toEqual({
      data: [
        { id: child.id, name: 'Acme', parent_id: parent.id, created_at: at(2).toISOString() },
        { id: parent.id, name: 'Customers', parent_id: null, created_at: at(1).toISOString() },
      ],
      next_cursor: null,
      has_more: false,
    });
  });

  it('folder_id returns folders at any depth below it (depth ≥ 3) by default; recursive=false only direct children', async () => {
    const { admin, member } = await env.world();
    const top = await env.fixtures.folder(admin, { createdAt: at(1) });
    const a = await env.fixtures.folder(admin, { parentId: top.id, createdAt: at(2) });
    const b = await env.fixtures.folder(admin, { parentId: top.id, createdAt: at(3) });
    const aa = await env.fixtures.folder(admin, { parentId: a.id, createdAt: at(4) });
    const aaa = await env.fixtures.folder(admin, { parentId: aa.id, createdAt: at(5) });
    await env.fixtures.folder(admin, { createdAt: at(6) });

    expect(await folderIds(member.client, { folder_id: top.id })).toEqual(newestFirst([a, b, aa, aaa]));
    expect(await folderIds(member.client, { folder_id: top.id, recursive: true })).toEqual(newestFirst([a, b, aa, aaa]));
    expect(await folderIds(member.client, { folder_id: top.id, recursive: false })).toEqual(newestFirst([a, b]));
    expect(await folderIds(member.client, { folder_id: aaa.id })).toEqual([]);
  });

  it("a member does not see the admin's private folder, and using it as folder_id answers 404 like an unknown id", async () => {
    const { admin, member } = await env.world();
    const shared = await env.fixtures.folder(admin, { visibility: 'workspace', createdAt: at(1) });
    const secret = await env.fixtures.folder(admin, { visibility: 'private', createdAt: at(2) });
    expect(await folderIds(member.client, {})).toEqual([shared.id]);
    expect(await folderIds(admin.client, {})).toEqual([secret.id, shared.id]);
    const hidden = await failure(member.client.listFolders({ folder_id: secret.id }));
    const unknown = await failure(member.client.listFolders({ folder_id: newId('folder') }));
    expect(hidden.problem).toMatchObject({ status: 404, code: 'not_found' });
    expect(hidden.problem.detail).toBe(unknown.problem.detail);
  });

  it("being admin grants no extra reading: the admin does not see a member's private folder", async () => {
    const { admin, member } = await env.world();
    await env.fixtures.folder(member, { visibility: 'private' });
    expect(await folderIds(admin.client, {})).toEqual([]);
  });

  it("another workspace's folders are never listed, and their ids as folder_id answer 404", async () => {
    const here = await env.world();
    const there = await env.world();
    const theirs = await env.fixtures.folder(there.admin);
    expect(await folderIds(here.member.client, {})).toEqual([]);
    expect((await failure(here.member.client.listFolders({ folder_id: theirs.id }))).problem.code).toBe('not_found');
  });
});
