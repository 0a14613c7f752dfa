import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from '@cs/api-client';
import { WORKSPACE_ROOT } from '@cs/testing';
import { type Actor, useApiEnvironment, type World } from './support/api-environment';
import { idempotencyKey, outboxRows, workspaceRows } from './support/writes';

const env = useApiEnvironment();

const SOURCES = '/api/v1/conversations/{id}/sources';
const fixture = (name: string) => new Uint8Array(readFileSync(join(WORKSPACE_ROOT, 'libs', 'processing', 'fixtures', name)));

function form(parts: Array<[string, string] | [string, Uint8Array, string]>): FormData {
  const data = new FormData();
  for (const part of parts) {
    if (part.length === 2) data.append(part[0], part[1]);
    else data.append(part[0], new Blob([part[1]]), part[2]);
  }
  return data;
}

const upload = (actor: Actor, id: string, data: FormData, headers: Record<string, string> = {}) =>
  actor.client.request<{ id: string; status: string; sources: Array<{ type: string; title: string | null }> } & Partial<Problem>>('POST', SOURCES, {
    pathParams: { id },
    form: data,
    headers,
  });

/** Runs an upload that must fail and checks that nothing of the workspace changed. */
async function refusedWithoutTrace(world: World, answer: () => ReturnType<typeof upload>) {
  const before = await workspaceRows(env.db, world.workspace.id);
  const response = await answer();
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  return response;
}

describe('POST /api/v1/conversations/{id}/sources with multipart/form-data', () => {
  it('a PDF upload answers 201 with the conversation pending, a file source titled as given, and a processing job in the outbox', async () => {
    const { workspace, member } = await env.world();
    const conversation = await env.fixtures.conversation(member, { status: 'ready' });
    const response = await upload(member, conversation.id, form([['title', 'Platform review'], ['file', fixture('platform-review.pdf'), 'platform-review.pdf']]));
    expect(response.status).toBe(201);
    expect(response.body.status).toBe('pending');
    expect(response.body.sources).toEqual([expect.objectContaining({ type: 'file', title: 'Platform review', content: null })]);
    const [row] = await env.db.dataSource.query<{ upload_name: string; upload_kind: string; size: number }[]>(
      `SELECT upload_name, upload_kind, octet_length(upload)::int AS size FROM sources WHERE conversation_id = $1`,
      [conversation.id],
    );
    expect(row).toEqual({ upload_name: 'platform-review.pdf', upload_kind: 'pdf', size: fixture('platform-review.pdf').byteLength });
    expect((await outboxRows(env.db, workspace.id)).map((r) => [r.topic, r.type])).toEqual([
      ['event', 'conversation.updated'],
      ['processing', 'conversation.process'],
    ]);
  });

  it('a file over 25 MiB is 413 payload_too_large and nothing is stored', async () => {
    const world = await env.world();
    const conversation = await env.fixtures.conversation(world.member);
    const big = new Uint8Array(25 * 1024 * 1024 + 1).fill(0x61);
    const response = await refusedWithoutTrace(world, () => upload(world.member, conversation.id, form([['file', big, 'notes.txt']])));
    expect([response.status, response.body.code]).toEqual([413, 'payload_too_large']);
  });

  it('an unknown form field, a second file part or a missing file part is 400 invalid_parameter and nothing is stored', async () => {
    const world = await env.world();
    const conversation = await env.fixtures.conversation(world.member);
    const pdf = fixture('platform-review.pdf');
    const unknown = await refusedWithoutTrace(world, () => upload(world.member, conversation.id, form([['owner', 'me'], ['file', pdf, 'a.pdf']])));
    expect([unknown.status, unknown.body.code]).toEqual([400, 'invalid_parameter']);
    const twoFiles = await refusedWithoutTrace(world, () => upload(world.member, conversation.id, form([['file', pdf, 'a.pdf'], ['file', pdf, 'b.pdf']])));
    expect(twoFiles.status).toBe(400);
    const otherPart = await refusedWithoutTrace(world, () => upload(world.member, conversation.id, form([['document', pdf, 'a.pdf']])));
    expect(otherPart.status).toBe(400);
    const noFile = await refusedWithoutTrace(world, () => upload(world.member, conversation.id, form([['title', 'alone']])));
    expect([noFile.status, noFile.body.code, noFile.body.invalid_params?.[0]?.name]).toEqual([400, 'invalid_parameter', 'file']);
  });

  it('a malformed multipart body is 400 invalid_body', async () => {
    const world = await env.world();
    const conversation = await env.fixtures.conversation(world.member);
    const response = await refusedWithoutTrace(world, () =>
      world.member.client.request<Problem & { id: string; status: string; sources: [] }>('POST', SOURCES, {
        pathParams: { id: conversation.id },
        rawBody: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunterminated',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      }),
    );
    expect([response.status, response.body.code]).toEqual([400, 'invalid_body']);
  });

  it('only the owner uploads: a member who sees a workspace conversation gets 403, an invisible one 404; nothing is stored', async () => {
    const world = await env.world();
    const shared = await env.fixtures.conversation(world.admin, { visibility: 'workspace' });
    const secret = await env.fixtures.conversation(world.admin, { visibility: 'private' });
    const pdf = fixture('platform-review.pdf');
    const forbidden = await refusedWithoutTrace(world, () => upload(world.member, shared.id, form([['file', pdf, 'a.pdf']])));
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'forbidden']);
    const hidden = await refusedWithoutTrace(world, () => upload(world.member, secret.id, form([['file', pdf, 'a.pdf']])));
    expect([hidden.status, hidden.body.code]).toEqual([404, 'not_found']);
  });

  it('Idempotency-Key on uploads: the same file again replays; another file with the key is 409 idempotency_key_reused', async () => {
    const world = await env.world();
    const conversation = await env.fixtures.conversation(world.member);
    const key = idempotencyKey('upload');
    const first = await upload(world.member, conversation.id, form([['file', fixture('platform-review.pdf'), 'review.pdf']]), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const after = await workspaceRows(env.db, world.workspace.id);
    const again = await upload(world.member, conversation.id, form([['file', fixture('platform-review.pdf'), 'review.pdf']]), { 'idempotency-key': key });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    const other = await upload(world.member, conversation.id, form([['file', fixture('product-roadmap.docx'), 'roadmap.docx']]), { 'idempotency-key': key });
    expect([other.status, other.body.code]).toEqual([409, 'idempotency_key_reused']);
    expect(await workspaceRows(env.db, world.workspace.id)).toEqual(after);
  });
});
