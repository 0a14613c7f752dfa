import type { ListConversationsParams } from '@cs/api-client';
import { type Actor, useApiEnvironment } from './support/api-environment';
import { byName, conversationIds, failure, folderIds, newestFirst, tagIds, walkPages } from './support/listing';

const env = useApiEnvironment();

const T0 = Date.parse('2026-03-01T08:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const conversations = (actor: Actor) => (params: ListConversationsParams) => actor.client.listConversations(params);

/** Replaces one character of the cursor's payload (not its last, whose low bits may be ignored by base64url). */
function tamper(cursor: string): string {
  const i = 5;
  const replacement = cursor[i] === 'A' ? 'B' : 'A';
  return `${cursor.slice(0, i)}${replacement}${cursor.slice(i + 1)}`;
}

async function expectRejectedCursor(call: Promise<unknown>): Promise<void> {
  const error = await failure(call);
  expect(error.problem).toMatchObject({ status: 400, code: 'invalid_cursor', invalid_params: [expect.objectContaining({ name: 'cursor' })] });
}

describe('keyset pagination', () => {
  it('walks every page without duplicates or gaps when many conversations share created_at (ties broken by id)', async () => {
    const { admin, member } = await env.world();
    const rows = [];
    for (let i = 0; i < 23; i++) rows.push(await env.fixtures.conversation(admin, { createdAt: at(Math.floor(i / 5)) }));
    const pages = await walkPages(conversations(member), { limit: 4 });
    expect(pages.map((p) => p.data.length)).toEqual([4, 4, 4, 4, 4, 3]);
    const ids = pages.flatMap((p) => p.data.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(newestFirst(rows));
    expect(pages.at(-1)).toMatchObject({ next_cursor: null, has_more: false });
  });

  it('lets limit change from one page to the next', async () => {
    const { admin, member } = await env.world();
    const rows = [];
    for (let i = 0; i < 9; i++) rows.push(await env.fixtures.conversation(admin, { createdAt: at(i) }));
    const first = await member.client.listConversations({ limit: 2 });
    const rest = await member.client.listConversations({ limit: 100, cursor: first.next_cursor! });
    expect([...first.data, ...rest.data].map((c) => c.id)).toEqual(newestFirst(rows));
    expect(rest).toMatchObject({ next_cursor: null, has_more: false });
  });

  it('answers a single last page with next_cursor null and has_more false, and an empty listing with no data', async () => {
    const { admin, member } = await env.world();
    expect(await member.client.listConversations()).toEqual({ data: [], next_cursor: null, has_more: false });
    await env.fixtures.conversation(admin);
    expect(await member.client.listConversations({ limit: 1 })).toMatchObject({ next_cursor: null, has_more: false });
  });

  it('walks folders across equal created_at (ties broken by id) and tags in case-insensitive name order completely', async () => {
    const { workspace, admin, member } = await env.world();
    const folders = [];
    for (let i = 0; i < 7; i++) folders.push(await env.fixtures.folder(admin, { createdAt: at(Math.floor(i / 3)) }));
    const tags = [];
    for (const name of ['delta', 'Alpha', 'beta', 'Charlie', 'echo', 'FOXTROT', 'Golf']) tags.push(await env.fixtures.tag(workspace, { name }));
    expect(await folderIds(member.client, { limit: 2 })).toEqual(newestFirst(folders));
    expect(await tagIds(member.client, { limit: 2 })).toEqual(byName(tags));
  });
});

describe('cursors', () => {
  async function twoPages(actor: Actor, params: ListConversationsParams = {}) {
    const first = await actor.client.listConversations({ ...params, limit: 2 });
    expect(first.next_cursor).toEqual(expect.any(String));
    return first.next_cursor!;
  }

  async function seeded() {
    const world = await env.world();
    const { workspace, admin } = world;
    const tag = await env.fixtures.tag(workspace);
    for (let i = 0; i < 5; i++) {
      const c = await env.fixtures.conversation(admin, { createdAt: at(i), status: i % 2 === 0 ? 'ready' : 'pending' });
      await env.fixtures.applyTag(c, tag);
    }
    return { ...world, tag };
  }

  it('carry their filters: the next page keeps status=all whether the filters are repeated unchanged or left out', async () => {
    const { member } = await seeded();
    const all = await conversationIds(member.client, { status: 'all' });
    expect(all).toHaveLength(5);
    const cursor = await twoPages(member, { status: 'all' });
    const omitted = await member.client.listConversations({ cursor, limit: 10 });
    const repeated = await member.client.listConversations({ cursor, limit: 10, status: 'all' });
    expect(omitted.data.map((c) => c.id)).toEqual(all.slice(2));
    expect(repeated.data.map((c) => c.id)).toEqual(all.slice(2));
  });

  it('treat tag_id as a set: repeating the same tags in another order with the cursor continues the listing', async () => {
    const { member, admin, workspace, tag } = await seeded();
    const other = await env.fixtures.tag(workspace);
    await env.fixtures.applyTag(await env.fixtures.conversation(admin, { createdAt: at(-1) }), other);
    const expected = await conversationIds(member.client, { status: 'all', tag_id: [tag.id, other.id] });
    const first = await member.client.listConversations({ status: 'all', tag_id: [tag.id, other.id], limit: 2 });
    const rest = await member.client.listConversations({ status: 'all', tag_id: [other.id, tag.id], limit: 10, cursor: first.next_cursor! });
    expect([...first.data, ...rest.data].map((c) => c.id)).toEqual(expected);
  });

  it('are bound to their filters: a different filter value with the cursor is 400 invalid_cursor', async () => {
    const { member, tag, workspace } = await seeded();
    const cursor = await twoPages(member, { status: 'all', tag_id: [tag.id] });
    const otherTag = await env.fixtures.tag(workspace);
    await expectRejectedCursor(member.client.listConversations({ cursor, status: 'ready' }));
    await expectRejectedCursor(member.client.listConversations({ cursor, tag_id: [otherTag.id] }));
    await expectRejectedCursor(member.client.listConversations({ cursor, created_after: '2020-01-01T00:00:00Z' }));
  });

  it('are bound to their endpoint: a conversations cursor on /tags or /folders is 400 invalid_cursor', async () => {
    const { member } = await seeded();
    const cursor = await twoPages(member);
    await expectRejectedCursor(member.client.listTags({ cursor }));
    await expectRejectedCursor(member.client.listFolders({ cursor }));
  });

  it('are bound to their caller: another user of the same workspace, or of another, gets 400 invalid_cursor', async () => {
    const { member, admin } = await seeded();
    const stranger = (await env.world()).member;
    const cursor = await twoPages(member, { status: 'all' });
    await expectRejectedCursor(admin.client.listConversations({ cursor }));
    await expectRejectedCursor(stranger.client.listConversations({ cursor }));
  });

  it('reject a tampered, truncated or garbage cursor with 400 invalid_cursor', async () => {
    const { member } = await seeded();
    const cursor = await twoPages(member, { status: 'all' });
    await expectRejectedCursor(member.client.listConversations({ cursor: tamper(cursor) }));
    await expectRejectedCursor(member.client.listConversations({ cursor: cursor.slice(0, -4) }));
    await expectRejectedCursor(member.client.listConversations({ cursor: cursor.slice(0, Math.floor(cursor.length / 2)) }));
    for (const garbage of ['garbage', 'eyJ2IjoxfQ.c2lnbmF0dXJl', '....', '%%%', 'x'.repeat(300)]) {
      await expectRejectedCursor(member.client.listConversations({ cursor: garbage }));
    }
    await expectRejectedCursor(member.client.listTags({ cursor: 'garbage' }));
    await expectRejectedCursor(member.client.listFolders({ cursor: 'garbage' }));
  });
});
