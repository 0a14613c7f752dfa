import { newId } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';
import { conversationIds, failure, newestFirst, notFoundFace } from './support/listing';

const env = useApiEnvironment();

const T0 = Date.parse('2026-01-10T12:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe('GET /api/v1/conversations: defaults and filters', () => {
  it('returns only ready conversations by default, newest first, 25 per page, in the list envelope', async () => {
    const { admin, member } = await env.world();
    const ready = [];
    for (let i = 0; i < 27; i++) ready.push(await env.fixtures.conversation(admin, { createdAt: at(i * 60) }));
    await env.fixtures.conversation(admin, { status: 'pending', createdAt: at(10_000) });
    await env.fixtures.conversation(admin, { status: 'error', terminationReason: 'not_admitted', createdAt: at(10_001) });
    await env.fixtures.conversation(admin, { status: null, createdAt: at(10_002) });
    const expected = newestFirst(ready);

    const first = await member.client.listConversations();
    expect(first.data.map((c) => c.id)).toEqual(expected.slice(0, 25));
    expect(first.data.every((c) => c.status === 'ready')).toBe(true);
    expect(first.has_more).toBe(true);
    expect(typeof first.next_cursor).toBe('string');

    const second = await member.client.listConversations({ cursor: first.next_cursor! });
    expect(second).toEqual({ data: expect.any(Array), next_cursor: null, has_more: false });
    expect(second.data.map((c) => c.id)).toEqual(expected.slice(25));
  });

  it('status=pending and status=error return only that state; status=all returns every state, null included', async () => {
    const { admin, member } = await env.world();
    const ready = await env.fixtures.conversation(admin, { createdAt: at(1) });
    const pending = await env.fixtures.conversation(admin, { status: 'pending', createdAt: at(2) });
    const failed = await env.fixtures.conversation(admin, { status: 'error', terminationReason: 'captcha_required', createdAt: at(3) });
    const unknown = await env.fixtures.conversation(admin, { status: null, createdAt: at(4) });

    expect(await conversationIds(member.client, { status: 'ready' })).toEqual([ready.id]);
    expect(await conversationIds(member.client, { status: 'pending' })).toEqual([pending.id]);
    const errors = await member.client.listConversations({ status: 'error' });
    expect(errors.data.map((c) => [c.id, c.status, c.termination_reason])).toEqual([[failed.id, 'error', 'captcha_required']]);
    expect(await conversationIds(member.client, { status: 'all' })).toEqual([unknown.id, failed.id, pending.id, ready.id]);
  });

  it('created_after returns conversations created strictly after the bound; one created exactly at it is excluded', async () => {
    const { admin, member } = await env.world();
    await env.fixtures.conversation(admin, { createdAt: at(0) });
    await env.fixtures.conversation(admin, { createdAt: at(60) });
    const oneMsLater = await env.fixtures.conversation(admin, { createdAt: new Date(at(60).getTime() + 1) });
    const later = await env.fixtures.conversation(admin, { createdAt: at(120) });

    expect(await conversationIds(member.client, { created_after: at(60).toISOString() })).toEqual([later.id, oneMsLater.id]);
    expect(await conversationIds(member.client, { created_after: '2026-01-10T12:01:00Z' })).toEqual([later.id, oneMsLater.id]);
  });

  it('created_after with a ±hh:mm offset means the same instant as its UTC form', async () => {
    const { admin, member } = await env.world();
    await env.fixtures.conversation(admin, { createdAt: at(0) });
    const after = await env.fixtures.conversation(admin, { createdAt: at(1) });
    expect(await conversationIds(member.client, { created_after: '2026-01-10T13:00:00+01:00' })).toEqual([after.id]);
    expect(await conversationIds(member.client, { created_after: '2026-01-10T07:00:00.000-05:00' })).toEqual([after.id]);
  });

  it('tag_id, repeated, matches conversations having any of the tags, each once', async () => {
    const { workspace, admin, member } = await env.world();
    const [x, y, z] = [await env.fixtures.tag(workspace), await env.fixtures.tag(workspace), await env.fixtures.tag(workspace)];
    const onlyX = await env.fixtures.conversation(admin, { createdAt: at(1) });
    const onlyY = await env.fixtures.conversation(admin, { createdAt: at(2) });
    const both = await env.fixtures.conversation(admin, { createdAt: at(3) });
    const onlyZ = await env.fixtures.conversation(admin, { createdAt: at(4) });
    await env.fixtures.conversation(admin, { createdAt: at(5) });
    await env.fixtures.applyTag(onlyX, x!);
    await env.fixtures.applyTag(onlyY, y!);
    await env.fixtures.applyTag(both, x!);
    await env.fixtures.applyTag(both, y!);
    await env.fixtures.applyTag(onlyZ, z!);

    expect(await conversationIds(member.client, { tag_id: [x!.id] })).toEqual([both.id, onlyX.id]);
    expect(await conversationIds(member.client, { tag_id: [x!.id, y!.id] })).toEqual([both.id, onlyY.id, onlyX.id]);
    expect(await conversationIds(member.client, { tag_id: [y!.id, x!.id, x!.id] })).toEqual([both.id, onlyY.id, onlyX.id]);
  });

  it('AI-suggested tags not accepted never match tag_id and are absent from tags arrays; accepted ones count as applied', async () => {
    const { workspace, admin, member } = await env.world();
    const tag = await env.fixtures.tag(workspace, { name: 'Sales', color: '#2f80ed' });
    const suggested = await env.fixtures.conversation(admin, { createdAt: at(1) });
    const accepted = await env.fixtures.conversation(admin, { createdAt: at(2) });
    await env.fixtures.applyTag(suggested, tag, { origin: 'ai', accepted: false });
    await env.fixtures.applyTag(accepted, tag, { origin: 'ai', accepted: true });

    expect(await conversationIds(member.client, { tag_id: [tag.id] })).toEqual([accepted.id]);
    const page = await member.client.listConversations();
    const tagsOf = (id: string) => page.data.find((c) => c.id === id)?.tags;
    expect(tagsOf(suggested.id)).toEqual([]);
    expect(tagsOf(accepted.id)).toEqual([{ id: tag.id, name: 'Sales', color: '#2f80ed' }]);
    expect((await member.client.getConversation(suggested.id)).tags).toEqual([]);
  });

  it('a tag_id that is not a tag of the workspace (unknown or another workspace\'s) answers 404 not_found', async () => {
    const { workspace, admin, member } = await env.world();
    const mine = await env.fixtures.tag(workspace);
    const elsewhere = await env.fixtures.tag(await env.fixtures.workspace());
    await env.fixtures.conversation(admin);
    for (const other of [newId('tag'), elsewhere.id]) {
      const error = await failure(member.client.listConversations({ tag_id: [mine.id, other] }));
      expect(error.problem).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('folder_id includes conversations at any depth below the folder (depth ≥ 3), by default and with recursive=true', async () => {
    const { admin, member } = await env.world();
    const top = await env.fixtures.folder(admin);
    const mid = await env.fixtures.folder(admin, { parentId: top.id });
    const deep = await env.fixtures.folder(admin, { parentId: mid.id });
    const deepest = await env.fixtures.folder(admin, { parentId: deep.id });
    const sibling = await env.fixtures.folder(admin);
    const inTop = await env.fixtures.conversation(admin, { folderId: top.id, createdAt: at(1) });
    const inMid = await env.fixtures.conversation(admin, { folderId: mid.id, createdAt: at(2) });
    const inDeep = await env.fixtures.conversation(admin, { folderId: deep.id, createdAt: at(3) });
    const inDeepest = await env.fixtures.conversation(admin, { folderId: deepest.id, createdAt: at(4) });
    await env.fixtures.conversation(admin, { folderId: sibling.id, createdAt: at(5) });
    await env.fixtures.conversation(admin, { folderId: null, createdAt: at(6) });

    const expected = [inDeepest.id, inDeep.id, inMid.id, inTop.id];
    expect(await conversationIds(member.client, { folder_id: top.id })).toEqual(expected);
    expect(await conversationIds(member.client, { folder_id: top.id, recursive: true })).toEqual(expected);
    expect(await conversationIds(member.client, { folder_id: mid.id })).toEqual([inDeepest.id, inDeep.id, inMid.id]);
    const entry = (await member.client.listConversations({ folder_id: deepest.id })).data[0];
    expect(entry?.folder_id).toBe(deepest.id);
  });

  it('folder_id with recursive=false returns only conversations whose immediate folder it is', async () => {
    const { admin, member } = await env.world();
    const top = await env.fixtures.folder(admin);
    const child = await env.fixtures.folder(admin, { parentId: top.id });
    const grandchild = await env.fixtures.folder(admin, { parentId: child.id });
    const inTop = await env.fixtures.conversation(admin, { folderId: top.id, createdAt: at(1) });
    await env.fixtures.conversation(admin, { folderId: child.id, createdAt: at(2) });
    await env.fixtures.conversation(admin, { folderId: grandchild.id, createdAt: at(3) });
    expect(await conversationIds(member.client, { folder_id: top.id, recursive: false })).toEqual([inTop.id]);
  });

  it('recursive without folder_id is accepted and ignored', async () => {
    const { admin, member } = await env.world();
    const folder = await env.fixtures.folder(admin);
    const a = await env.fixtures.conversation(admin, { folderId: folder.id, createdAt: at(1) });
    const b = await env.fixtures.conversation(admin, { createdAt: at(2) });
    expect(await conversationIds(member.client, { recursive: false })).toEqual([b.id, a.id]);
    expect(await conversationIds(member.client, { recursive: true })).toEqual([b.id, a.id]);
  });

  it('folder_id of an unknown, malformed, another workspace\'s or an invisible folder answers the same 404', async () => {
    const { admin, member } = await env.world();
    const secret = await env.fixtures.folder(admin, { visibility: 'private' });
    const elsewhere = await env.fixtures.folder((await env.world()).admin);
    const faces = [];
    for (const folderId of [newId('folder'), 'not-a-folder', elsewhere.id, secret.id]) {
      const error = await failure(member.client.listConversations({ folder_id: folderId }));
      expect(error.problem).toMatchObject({ status: 404, code: 'not_found' });
      faces.push(notFoundFace(error.problem));
    }
    expect(new Set(faces.map((f) => JSON.stringify(f))).size).toBe(1);
    expect(await admin.client.listConversations({ folder_id: secret.id })).toMatchObject({ data: [], has_more: false });
  });
});

describe('GET /api/v1/conversations: visibility', () => {
  it("a member does not see the admin's private conversation in lists and gets 404 on its id, as for an unknown id", async () => {
    const { admin, member } = await env.world();
    const shared = await env.fixtures.conversation(admin, { visibility: 'workspace', createdAt: at(1) });
    const secret = await env.fixtures.conversation(admin, { visibility: 'private', createdAt: at(2) });

    expect(await conversationIds(member.client, { status: 'all' })).toEqual([shared.id]);
    const hidden = await failure(member.client.getConversation(secret.id));
    const unknown = await failure(member.client.getConversation(newId('conversation')));
    expect(hidden.problem).toMatchObject({ status: 404, code: 'not_found' });
    expect(notFoundFace(hidden.problem)).toEqual(notFoundFace(unknown.problem));
  });

  it("being admin grants no extra reading: the admin does not see a member's private conversation", async () => {
    const { admin, member } = await env.world();
    const secret = await env.fixtures.conversation(member, { visibility: 'private', createdAt: at(1) });
    expect(await conversationIds(admin.client, { status: 'all' })).toEqual([]);
    expect((await failure(admin.client.getConversation(secret.id))).problem.code).toBe('not_found');
  });

  it('an owner sees their own private conversations', async () => {
    const { member } = await env.world();
    const mine = await env.fixtures.conversation(member, { visibility: 'private', createdAt: at(1) });
    expect(await conversationIds(member.client, {})).toEqual([mine.id]);
    expect((await member.client.getConversation(mine.id)).id).toBe(mine.id);
  });

  it("another workspace's conversations are never listed, and their ids answer the same 404 as unknown or malformed ids", async () => {
    const here = await env.world();
    const there = await env.world();
    const theirs = await env.fixtures.conversation(there.admin, { visibility: 'workspace' });
    expect(await conversationIds(here.member.client, { status: 'all' })).toEqual([]);

    const faces = [];
    for (const id of [theirs.id, newId('conversation'), 'conv_nope', '%20']) {
      const error = await failure(here.member.client.getConversation(id));
      expect(error.problem).toMatchObject({ status: 404, code: 'not_found' });
      faces.push(JSON.stringify(notFoundFace(error.problem)));
    }
    expect(new Set(faces).size).toBe(1);
  });
});
