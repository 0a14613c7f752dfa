import type { Problem } from '@cs/api-client';
import { newId } from '@cs/domain';
import { type Actor, useApiEnvironment } from './support/api-environment';
import { failure } from './support/listing';
import { idempotencyKey, transcript, workspaceRows } from './support/writes';

const env = useApiEnvironment();

const post = (actor: Actor, path: string, json: unknown, key: string | null) =>
  actor.client.request<{ id: string } & Partial<Problem>>('POST', path, { json, headers: key === null ? {} : { 'idempotency-key': key } });

describe('Idempotency-Key on POST', () => {
  it('a repeat within 24 hours returns the first answer with Idempotent-Replayed: true and creates nothing', async () => {
    const { workspace, member } = await env.world();
    const key = idempotencyKey();
    const body = { title: 'Once', sources: [transcript()] };
    const first = await post(member, '/api/v1/conversations', body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const rowsAfterFirst = await workspaceRows(env.db, workspace.id);
    // One processing job and one conversation.created event.
    expect(rowsAfterFirst).toMatchObject({ conversations: 1, outbox: 2, idempotencyKeys: 1 });

    for (let i = 0; i < 2; i++) {
      const again = await post(member, '/api/v1/conversations', body, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    expect(await workspaceRows(env.db, workspace.id)).toEqual(rowsAfterFirst);
  });

  it('the same body with its keys in another order is the same request', async () => {
    const { member } = await env.world();
    const key = idempotencyKey();
    const first = await post(member, '/api/v1/tags', { name: 'Order', color: '#112233' }, key);
    const again = await post(member, '/api/v1/tags', { color: '#112233', name: 'Order' }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('the same key with a different body is 409 idempotency_key_reused and creates nothing', async () => {
    const { workspace, member } = await env.world();
    const key = idempotencyKey();
    await member.client.createConversation({ title: 'First', sources: [transcript()] }, { idempotencyKey: key });
    const before = await workspaceRows(env.db, workspace.id);
    const reused = await failure(member.client.createConversation({ title: 'Second', sources: [transcript()] }, { idempotencyKey: key }));
    expect(reused.problem).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
    expect(await workspaceRows(env.db, workspace.id)).toEqual(before);
  });

  it('the same key on another endpoint is 409 idempotency_key_reused (a key never replays another endpoint’s answer)', async () => {
    const { member } = await env.world();
    const key = idempotencyKey();
    await member.client.createFolder({ name: 'Same' }, { idempotencyKey: key });
    expect((await failure(member.client.createTag({ name: 'Same' }, { idempotencyKey: key }))).problem.code).toBe('idempotency_key_reused');
    const a = await env.fixtures.conversation(member);
    const b = await env.fixtures.conversation(member);
    await member.client.addSource(a.id, { type: 'text', content: 'x' }, { idempotencyKey: `${key}-s` });
    expect((await failure(member.client.addSource(b.id, { type: 'text', content: 'x' }, { idempotencyKey: `${key}-s` }))).problem.code).toBe('idempotency_key_reused');
  });

  it('a failed request is not remembered: after a 400 or a 404 the same key works for a corrected request', async () => {
    const { workspace, member } = await env.world();
    const key = idempotencyKey();
    expect((await failure(member.client.createConversation({ sources: [] }, { idempotencyKey: key }))).status).toBe(400);
    expect((await failure(member.client.createConversation({ folder_id: newId('folder'), sources: [transcript()] }, { idempotencyKey: key }))).status).toBe(404);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversations: 0, idempotencyKeys: 0, outbox: 0 });
    const response = await post(member, '/api/v1/conversations', { sources: [transcript()] }, key);
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a conflict is not remembered either: a 409 tag name, then the same key and body succeed once the name is free', async () => {
    const { workspace, member } = await env.world();
    const taken = await env.fixtures.tag(workspace, { name: 'Taken' });
    const key = idempotencyKey();
    expect((await failure(member.client.createTag({ name: 'Taken' }, { idempotencyKey: key }))).problem.code).toBe('conflict');
    await member.client.deleteTag(taken.id);
    const response = await post(member, '/api/v1/tags', { name: 'Taken' }, key);
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('concurrent requests with one key create exactly one conversation; every answer is the same conversation', async () => {
    const { workspace, member } = await env.world();
    const key = idempotencyKey();
    const body = { title: 'Raced', sources: [transcript()] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(member, '/api/v1/conversations', body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversations: 1, sources: 1, outbox: 2, idempotencyKeys: 1 });
  });

  it('concurrent requests with one key and different bodies: one is created, the others are 409 idempotency_key_reused', async () => {
    const { workspace, member } = await env.world();
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post(member, '/api/v1/folders', { name: `Folder ${i}` }, key)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.code)).toEqual(Array(5).fill('idempotency_key_reused'));
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ folders: 1 });
  });

  it('keys belong to their user: another member using the same key gets their own conversation', async () => {
    const { workspace, admin, member } = await env.world();
    const key = idempotencyKey();
    const body = { sources: [transcript()] };
    const mine = await post(member, '/api/v1/conversations', body, key);
    const theirs = await post(admin, '/api/v1/conversations', body, key);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ conversations: 2 });
  });

  it('after 24 hours a key is forgotten and may be used for a new request', async () => {
    const { workspace, member } = await env.world();
    const key = idempotencyKey();
    await member.client.createTag({ name: 'Yesterday' }, { idempotencyKey: key });
    await env.db.dataSource.query(`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 minute' WHERE key = $1`, [key]);
    const response = await post(member, '/api/v1/tags', { name: 'Today' }, key);
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ tags: 2, idempotencyKeys: 1 });
  });

  it('a key just inside 24 hours still replays', async () => {
    const { member } = await env.world();
    const key = idempotencyKey();
    await member.client.createTag({ name: 'Recent' }, { idempotencyKey: key });
    await env.db.dataSource.query(`UPDATE idempotency_keys SET created_at = now() - interval '23 hours 59 minutes' WHERE key = $1`, [key]);
    const response = await post(member, '/api/v1/tags', { name: 'Recent' }, key);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a malformed Idempotency-Key (over 255 characters, or with spaces or non-ASCII) is 400 naming the header; nothing is written', async () => {
    const { workspace, member } = await env.world();
    for (const key of ['k'.repeat(256), 'has space', 'clé']) {
      const response = await member.client.request<Problem>('POST', '/api/v1/tags', { json: { name: 'Bad key' }, headers: { 'idempotency-key': key } });
      expect({ key, status: response.status, code: response.body.code, params: response.body.invalid_params }).toEqual({
        key,
        status: 400,
        code: 'invalid_parameter',
        params: [{ name: 'Idempotency-Key', reason: expect.any(String) }],
      });
    }
    expect(await workspaceRows(env.db, workspace.id)).toMatchObject({ tags: 0, idempotencyKeys: 0 });
  });
});
