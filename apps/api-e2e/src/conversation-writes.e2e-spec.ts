import { newId } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';
import { conversationIds, failure, notFoundFace } from './support/listing';
import { conversationRow, outboxRows, transcript, workspaceRows, rejectedWithoutTrace } from './support/writes';

const env = useApiEnvironment();


describe('POST /api/v1/conversations', () => {
  it('answers 201 with the pending conversation and records one processing job in the outbox, in the same transaction', async () => {
    const { workspace, member } = await env.world();
    const response = await member.client.request<{ id: string; status: string }>('POST', '/api/v1/conversations', {
      json: { title: 'Launch sync', sources: [transcript({ meeting_url: 'https://meet.example.com/abc', attendees: ['ada@example.com'] })] },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    const created = response.body as Awaited<ReturnType<typeof member.client.createConversation>>;
    expect(created).toMatchObject({ title: 'Launch sync', status: 'pending', termination_reason: null, folder_id: null, digest: null, summary: null, tags: [] });
    expect(created.sources).toEqual([
      expect.objectContaining({ type: 'transcript', meeting_url: 'https://meet.example.com/abc', attendees: ['ada@example.com'], content: null }),
    ]);
    expect(await member.client.getConversation(created.id)).toEqual(created);

    const outbox = await outboxRows(env.db, workspace.id);
    expect(outbox).toEqual([
      // Written at the same instant; outboxRows orders by id then (evt_ before job_).
      expect.objectContaining({
        topic: 'event',
        type: 'conversation.created',
        payload: expect.objectContaining({ data: { id: created.id, title: 'Launch sync', started_at: created.created_at, status: 'pending' } }),
        request_id: response.headers.get('x-request-id'),
      }),
      expect.objectContaining({
        topic: 'processing',
        type: 'conversation.process',
        payload: { conversationId: created.id, workspaceId: workspace.id, generation: 1, requestId: response.headers.get('x-request-id') },
        request_id: response.headers.get('x-request-id'),
      }),
    ]);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversations: 1, sources: 1, outbox: 2 });
  });

  it('a new conversation is private to its owner by default, and workspace-visible when asked', async () => {
    const { admin, member } = await env.world();
    const secret = await member.client.createConversation({ sources: [transcript()] });
    const shared = await member.client.createConversation({ visibility: 'workspace', sources: [transcript()] });
    expect(await conversationRow(env.db, secret.id)).toMatchObject({ owner_id: member.user.id, visibility: 'private' });
    expect(await conversationIds(admin.client, { status: 'all' })).toEqual([shared.id]);
    expect((await failure(admin.client.getConversation(secret.id))).status).toBe(404);
  });

  it('keeps every source in order, the started_at given, and the folder and tags given', async () => {
    const { workspace, member } = await env.world();
    const folder = await env.fixtures.folder(member);
    const [a, b] = [await env.fixtures.tag(workspace, { name: 'Alpha' }), await env.fixtures.tag(workspace, { name: 'Beta' })];
    const created = await member.client.createConversation({
      started_at: '2026-03-01T09:30:00+01:00',
      folder_id: folder.id,
      tag_ids: [b.id, a.id, b.id],
      sources: [transcript({ title: 'Call' }), { type: 'document', title: 'Notes', content: 'Agenda' }, { type: 'text', content: 'Follow-up' }],
    });
    expect(created.folder_id).toBe(folder.id);
    expect(created.sources.map((s) => [s.type, s.title])).toEqual([
      ['transcript', 'Call'],
      ['document', 'Notes'],
      ['text', null],
    ]);
    expect(created.tags.map((t) => t.name).sort()).toEqual(['Alpha', 'Beta']);
    expect((await conversationRow(env.db, created.id))?.started_at?.toISOString()).toBe('2026-03-01T08:30:00.000Z');
  });

  it("a folder of another workspace, an invisible folder or an unknown one is 404 not_found naming folder_id; nothing is written", async () => {
    const here = await env.world();
    const there = await env.world();
    const theirs = await env.fixtures.folder(there.admin);
    const adminsPrivate = await env.fixtures.folder(here.admin, { visibility: 'private' });
    for (const folderId of [theirs.id, adminsPrivate.id, newId('folder'), 'not-an-id']) {
      const problem = await rejectedWithoutTrace(env.db, here, here.member.client.createConversation({ folder_id: folderId, sources: [transcript()] }));
      expect({ folderId, status: problem.status, code: problem.code, invalid_params: problem.invalid_params }).toEqual({
        folderId,
        status: 404,
        code: 'not_found',
        invalid_params: [{ name: 'folder_id', reason: 'no such folder' }],
      });
    }
  });

  it('a tag of another workspace or an unknown tag in tag_ids is 404 naming tag_ids[i]; nothing is written', async () => {
    const here = await env.world();
    const there = await env.world();
    const ours = await env.fixtures.tag(here.workspace);
    const theirs = await env.fixtures.tag(there.workspace);
    const problem = await rejectedWithoutTrace(env.db, here, here.member.client.createConversation({ tag_ids: [ours.id, theirs.id], sources: [transcript()] }));
    expect(problem).toMatchObject({ status: 404, code: 'not_found', invalid_params: [{ name: 'tag_ids[1]', reason: 'no such tag' }] });
    const unknown = await rejectedWithoutTrace(env.db, here, here.member.client.createConversation({ tag_ids: [newId('tag')], sources: [transcript()] }));
    expect(unknown.invalid_params).toEqual([{ name: 'tag_ids[0]', reason: 'no such tag' }]);
  });
});

describe('POST /api/v1/conversations/{id}/sources', () => {
  it('adds the source after the existing ones, sends the conversation back to pending and records a new processing job', async () => {
    const { workspace, member } = await env.world();
    const conversation = await env.fixtures.conversation(member, { status: 'ready' });
    await env.fixtures.source(conversation, { position: 0 });
    const response = await member.client.request<{ status: string; sources: Array<{ type: string; title: string | null }> }>(
      'POST',
      '/api/v1/conversations/{id}/sources',
      { pathParams: { id: conversation.id }, json: { type: 'text', title: 'Afterthought', content: 'One more thing.' } },
    );
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('pending');
    expect(response.body.sources.map((s) => s.type)).toEqual(['transcript', 'text']);
    expect(response.body.sources[1]?.title).toBe('Afterthought');
    const outbox = await outboxRows(env.db, workspace.id);
    expect(outbox).toEqual([
      expect.objectContaining({ topic: 'event', type: 'conversation.updated', payload: expect.objectContaining({ data: expect.objectContaining({ changed: ['sources'] }) }) }),
      expect.objectContaining({ topic: 'processing', payload: expect.objectContaining({ conversationId: conversation.id, generation: 1 }) }),
    ]);
  });

  it('a conversation holds at most 50 sources: the 51st is 409 conflict and nothing is written', async () => {
    const world = await env.world();
    const conversation = await env.fixtures.conversation(world.member);
    for (let position = 0; position < 50; position++) await env.fixtures.source(conversation, { position, type: 'text' });
    const problem = await rejectedWithoutTrace(env.db, world, world.member.client.addSource(conversation.id, { type: 'text', content: 'one too many' }));
    expect(problem).toMatchObject({ status: 409, code: 'conflict' });
  });

  it("only the owner adds sources: a member who sees a workspace conversation gets 403; an invisible one is 404", async () => {
    const world = await env.world();
    const shared = await env.fixtures.conversation(world.admin, { visibility: 'workspace' });
    const secret = await env.fixtures.conversation(world.admin, { visibility: 'private' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.addSource(shared.id, transcript()))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.addSource(secret.id, transcript()))).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('PATCH /api/v1/conversations/{id}', () => {
  it('changes title, folder and visibility for the owner; null clears title and folder; omitted fields stay', async () => {
    const { admin, member } = await env.world();
    const folder = await env.fixtures.folder(member);
    const conversation = await env.fixtures.conversation(member, { title: 'Old', visibility: 'private' });
    const moved = await member.client.updateConversation(conversation.id, { title: 'New', folder_id: folder.id, visibility: 'workspace' });
    expect(moved).toMatchObject({ id: conversation.id, title: 'New', folder_id: folder.id });
    expect(await conversationRow(env.db, conversation.id)).toMatchObject({ visibility: 'workspace' });
    expect(await conversationIds(admin.client, { status: 'all' })).toEqual([conversation.id]);

    const cleared = await member.client.updateConversation(conversation.id, { title: null, folder_id: null });
    expect(cleared).toMatchObject({ title: null, folder_id: null });
    expect(await conversationRow(env.db, conversation.id)).toMatchObject({ visibility: 'workspace' });
    expect(Date.parse(cleared.updated_at)).toBeGreaterThan(conversation.updatedAt.getTime());
  });

  it('a member who can see a workspace-visible conversation but does not own it gets 403 forbidden, and nothing changes', async () => {
    const world = await env.world();
    const shared = await env.fixtures.conversation(world.admin, { title: 'Theirs', visibility: 'workspace' });
    const problem = await rejectedWithoutTrace(env.db, world, world.member.client.updateConversation(shared.id, { title: 'Mine now' }));
    expect(problem).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await world.admin.client.getConversation(shared.id)).title).toBe('Theirs');
  });

  it('an invisible, unknown, malformed or other-workspace id answers the same 404', async () => {
    const here = await env.world();
    const there = await env.world();
    const secret = await env.fixtures.conversation(here.admin, { visibility: 'private' });
    const theirs = await env.fixtures.conversation(there.admin, { visibility: 'workspace' });
    const faces = [];
    for (const id of [secret.id, theirs.id, newId('conversation'), 'nonsense']) {
      const problem = await rejectedWithoutTrace(env.db, here, here.member.client.updateConversation(id, { title: 'x' }));
      faces.push(notFoundFace(problem));
    }
    expect(faces[0]).toMatchObject({ status: 404, code: 'not_found' });
    expect(new Set(faces.map((f) => JSON.stringify(f))).size).toBe(1);
  });

  it("moving into another workspace's folder or an invisible folder is 404 naming folder_id; the conversation stays put", async () => {
    const here = await env.world();
    const there = await env.world();
    const conversation = await env.fixtures.conversation(here.member);
    for (const folder of [await env.fixtures.folder(there.admin), await env.fixtures.folder(here.admin, { visibility: 'private' })]) {
      const problem = await rejectedWithoutTrace(env.db, here, here.member.client.updateConversation(conversation.id, { title: 'Moved', folder_id: folder.id }));
      expect(problem).toMatchObject({ status: 404, code: 'not_found', invalid_params: [{ name: 'folder_id', reason: 'no such folder' }] });
    }
    expect(await conversationRow(env.db, conversation.id)).toMatchObject({ folder_id: null });
    expect((await here.member.client.getConversation(conversation.id)).title).toBe(conversation.title);
  });
});

describe('DELETE /api/v1/conversations/{id}', () => {
  it('answers 204, removes the conversation with its sources and tags, and records conversation.deleted with the last-known title', async () => {
    const { workspace, member } = await env.world();
    const tag = await env.fixtures.tag(workspace);
    const conversation = await env.fixtures.conversation(member, { title: 'Quarterly review', status: 'ready', createdAt: new Date('2026-02-01T10:00:00.000Z') });
    await env.fixtures.source(conversation);
    await env.fixtures.applyTag(conversation, tag);
    await env.db.dataSource.query(`UPDATE conversations SET started_at = '2026-02-01T09:00:00Z' WHERE id = $1`, [conversation.id]);

    const response = await member.client.request('DELETE', '/api/v1/conversations/{id}', { pathParams: { id: conversation.id } });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await failure(member.client.getConversation(conversation.id))).status).toBe(404);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversations: 0, sources: 0, conversationTags: 0, tags: 1, outbox: 1 });

    const [event] = await outboxRows(env.db, workspace.id);
    expect(event).toMatchObject({ topic: 'event', type: 'conversation.deleted', request_id: response.headers.get('x-request-id') });
    expect(event?.payload).toEqual({
      id: event?.id,
      type: 'conversation.deleted',
      created_at: event?.created_at.toISOString(),
      data: { id: conversation.id, title: 'Quarterly review', started_at: '2026-02-01T09:00:00.000Z', status: 'ready' },
    });
  });

  it('a conversation without started_at reports its creation time as started_at in conversation.deleted; a pending one its status', async () => {
    const { workspace, member } = await env.world();
    const created = await member.client.createConversation({ title: null, sources: [transcript()] });
    await member.client.deleteConversation(created.id);
    const events = (await outboxRows(env.db, workspace.id)).filter((r) => r.type === 'conversation.deleted');
    expect(events.map((e) => e.payload['data'])).toEqual([{ id: created.id, title: null, started_at: created.created_at, status: 'pending' }]);
  });

  it('a member who sees but does not own the conversation gets 403; an invisible one 404; nothing is deleted and no event recorded', async () => {
    const world = await env.world();
    const shared = await env.fixtures.conversation(world.admin, { visibility: 'workspace' });
    const secret = await env.fixtures.conversation(world.admin, { visibility: 'private' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.deleteConversation(shared.id))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await rejectedWithoutTrace(env.db, world, world.member.client.deleteConversation(secret.id))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await rejectedWithoutTrace(env.db, world, world.admin.client.deleteConversation(newId('conversation')))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it("another workspace's conversation is 404 even for an admin, and survives", async () => {
    const here = await env.world();
    const there = await env.world();
    const theirs = await env.fixtures.conversation(there.member, { visibility: 'workspace' });
    expect(await rejectedWithoutTrace(env.db, here, here.admin.client.deleteConversation(theirs.id))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await there.member.client.getConversation(theirs.id)).id).toBe(theirs.id);
  });

  it('deleting twice: the second answers 404 and records no second event', async () => {
    const { workspace, member } = await env.world();
    const conversation = await env.fixtures.conversation(member);
    await member.client.deleteConversation(conversation.id);
    expect((await failure(member.client.deleteConversation(conversation.id))).problem.code).toBe('not_found');
    expect((await outboxRows(env.db, workspace.id)).filter((r) => r.type === 'conversation.deleted')).toHaveLength(1);
  });
});

describe('PUT and DELETE /api/v1/conversations/{id}/tags/{tag_id}', () => {
  it('applying a tag shows it on the conversation and is idempotent; removing it is idempotent too', async () => {
    const { workspace, member } = await env.world();
    const tag = await env.fixtures.tag(workspace, { name: 'Customer' });
    const conversation = await env.fixtures.conversation(member);
    const applied = await member.client.applyTag(conversation.id, tag.id);
    expect(applied.tags.map((t) => t.id)).toEqual([tag.id]);
    expect((await member.client.applyTag(conversation.id, tag.id)).tags.map((t) => t.id)).toEqual([tag.id]);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversationTags: 1 });
    expect((await member.client.removeTag(conversation.id, tag.id)).tags).toEqual([]);
    expect((await member.client.removeTag(conversation.id, tag.id)).tags).toEqual([]);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversationTags: 0 });
  });

  it('applying a tag that processing suggested accepts the suggestion; removing a suggestion rejects it', async () => {
    const { workspace, member } = await env.world();
    const [suggested, rejected] = [await env.fixtures.tag(workspace), await env.fixtures.tag(workspace)];
    const conversation = await env.fixtures.conversation(member);
    await env.fixtures.applyTag(conversation, suggested, { origin: 'ai', accepted: false });
    await env.fixtures.applyTag(conversation, rejected, { origin: 'ai', accepted: false });
    expect((await member.client.getConversation(conversation.id)).tags).toEqual([]);
    expect((await member.client.applyTag(conversation.id, suggested.id)).tags.map((t) => t.id)).toEqual([suggested.id]);
    expect((await member.client.removeTag(conversation.id, rejected.id)).tags.map((t) => t.id)).toEqual([suggested.id]);
    const rows = await env.db.dataSource.query(`SELECT tag_id, accepted FROM conversation_tags WHERE conversation_id = $1`, [conversation.id]);
    expect(rows).toEqual([{ tag_id: suggested.id, accepted: true }]);
  });

  it("a tag of another workspace or an unknown tag is 404; a member who does not own the conversation gets 403", async () => {
    const here = await env.world();
    const there = await env.world();
    const mine = await env.fixtures.conversation(here.member);
    const shared = await env.fixtures.conversation(here.admin, { visibility: 'workspace' });
    const ours = await env.fixtures.tag(here.workspace);
    const theirs = await env.fixtures.tag(there.workspace);
    for (const tagId of [theirs.id, newId('tag'), 'nonsense']) {
      expect(await rejectedWithoutTrace(env.db, here, here.member.client.applyTag(mine.id, tagId))).toMatchObject({ status: 404, code: 'not_found' });
      expect(await rejectedWithoutTrace(env.db, here, here.member.client.removeTag(mine.id, tagId))).toMatchObject({ status: 404, code: 'not_found' });
    }
    expect(await rejectedWithoutTrace(env.db, here, here.member.client.applyTag(shared.id, ours.id))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await rejectedWithoutTrace(env.db, here, here.member.client.removeTag(shared.id, ours.id))).toMatchObject({ status: 403, code: 'forbidden' });
  });
});

describe('admins have no extra write rights', () => {
  it("an admin who sees a member's workspace conversation or folder cannot change or delete it (403 forbidden); tags stay writable by anyone", async () => {
    const { workspace, admin, member } = await env.world();
    const conversation = await env.fixtures.conversation(member, { visibility: 'workspace' });
    const folder = await env.fixtures.folder(member, { visibility: 'workspace' });
    const before = await workspaceRows(env.db, workspace.id);
    for (const call of [
      admin.client.updateConversation(conversation.id, { title: 'Admin was here' }),
      admin.client.deleteConversation(conversation.id),
      admin.client.addSource(conversation.id, { type: 'text', content: 'x' }),
      admin.client.updateFolder(folder.id, { name: 'Admin was here' }),
      admin.client.deleteFolder(folder.id),
    ]) {
      expect((await failure(call)).problem).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect(await workspaceRows(env.db, workspace.id)).toEqual(before);
    const tag = await member.client.createTag({ name: 'Members tag' });
    await expect(admin.client.updateTag(tag.id, { name: 'Renamed by admin' })).resolves.toMatchObject({ name: 'Renamed by admin' });
  });
});
