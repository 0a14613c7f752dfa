import type { Problem } from '@cs/api-client';
import { newId } from '@cs/domain';
import { useApiEnvironment, type World } from './support/api-environment';
import { failure } from './support/listing';
import { transcript, workspaceRows } from './support/writes';

const env = useApiEnvironment();

const CONVERSATIONS = '/api/v1/conversations';

/** Sends a body as is, so malformed and mislabelled bodies reach the server exactly as written. */
async function rawPost(world: World, path: string, rawBody: string, contentType: string | null) {
  return world.member.client.request<Problem>('POST', path, { rawBody, headers: contentType === null ? {} : { 'content-type': contentType } });
}

/** Runs a write that must fail and checks that nothing of the workspace changed. */
async function rejectedWithoutTrace(world: World, call: Promise<unknown>) {
  const before = await workspaceRows(env.db, world.workspace.id);
  const error = await failure(call);
  expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  return error.problem;
}

const names = (problem: Problem) => (problem.invalid_params ?? []).map((p) => p.name).sort();

describe('write bodies: media type, syntax and size', () => {
  it('malformed JSON is 400 invalid_body and creates nothing', async () => {
    const world = await env.world();
    const before = await workspaceRows(env.db, world.workspace.id);
    for (const body of ['{"sources": [', '{sources: []}', "{'title': 'x'}", '{"title": "x",}']) {
      const response = await rawPost(world, CONVERSATIONS, body, 'application/json');
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status: 400, code: 'invalid_body' });
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.body.request_id).toBe(response.headers.get('x-request-id'));
    }
    expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  });

  it('a JSON body that is not an object (array, string, number, null) is 400 invalid_body', async () => {
    const world = await env.world();
    for (const body of ['[]', '"text"', '42', 'null']) {
      const response = await rawPost(world, CONVERSATIONS, body, 'application/json');
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status: 400, code: 'invalid_body' });
    }
  });

  it('a body that is not application/json is 415 unsupported_media_type on every JSON write', async () => {
    const world = await env.world();
    const tag = await env.fixtures.tag(world.workspace);
    const folder = await env.fixtures.folder(world.member);
    const conversation = await env.fixtures.conversation(world.member);
    const body = JSON.stringify({ name: 'x' });
    const writes: Array<[string, string, Record<string, string>]> = [
      ['POST', CONVERSATIONS, {}],
      ['PATCH', '/api/v1/conversations/{id}', { id: conversation.id }],
      ['POST', '/api/v1/conversations/{id}/sources', { id: conversation.id }],
      ['POST', '/api/v1/folders', {}],
      ['PATCH', '/api/v1/folders/{id}', { id: folder.id }],
      ['POST', '/api/v1/tags', {}],
      ['PATCH', '/api/v1/tags/{id}', { id: tag.id }],
    ];
    const before = await workspaceRows(env.db, world.workspace.id);
    for (const [method, path, pathParams] of writes) {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', null]) {
        const response = await world.member.client.request<Problem>(method as 'POST' | 'PATCH', path, {
          pathParams,
          rawBody: contentType === 'application/x-www-form-urlencoded' ? 'name=x' : body,
          headers: contentType === null ? {} : { 'content-type': contentType },
        });
        expect({ method, path, contentType, status: response.status, code: response.body.code }).toEqual({
          method,
          path,
          contentType,
          status: 415,
          code: 'unsupported_media_type',
        });
      }
    }
    expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  });

  it('a JSON body over 10 MiB is 413 payload_too_large and creates nothing', async () => {
    const world = await env.world();
    const before = await workspaceRows(env.db, world.workspace.id);
    const content = 'a'.repeat(10 * 1024 * 1024 + 1);
    const response = await rawPost(world, CONVERSATIONS, JSON.stringify({ sources: [{ type: 'text', content }] }), 'application/json');
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(await workspaceRows(env.db, world.workspace.id)).toEqual(before);
  });

  it('a JSON body just under 10 MiB is accepted by the parser (field limits apply next)', async () => {
    const world = await env.world();
    // 9 MiB of text is over the 1,000,000-character content limit: the answer is a field error, not 413.
    const response = await rawPost(world, CONVERSATIONS, JSON.stringify({ sources: [{ type: 'text', content: 'a'.repeat(9 * 1024 * 1024) }] }), 'application/json');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameter');
    expect(names(response.body)).toEqual(['sources[0].content']);
  });
});

describe('write bodies: fields (400 invalid_parameter naming each field by its JSON path)', () => {
  it('unknown fields, at the top and nested in a source or a segment, are each named', async () => {
    const world = await env.world();
    const typed = await rejectedWithoutTrace(
      world,
      world.member.client.createConversation({
        sources: [{ ...transcript(), colour: 'red', segments: [{ speaker: 'A', start_seconds: 0, end_seconds: 1, text: 'Hi', mood: 'happy' }] }],
        owner_id: 'usr_x',
      } as never),
    );
    expect(typed).toMatchObject({ status: 400, code: 'invalid_parameter' });
    expect(names(typed)).toEqual(['owner_id', 'sources[0].colour', 'sources[0].segments[0].mood']);
    expect(typed.invalid_params?.every((p) => p.reason === 'unknown field')).toBe(true);
  });

  it('a missing sources field and an empty sources list are rejected', async () => {
    const world = await env.world();
    expect(names(await rejectedWithoutTrace(world, world.member.client.createConversation({ title: 'x' } as never)))).toEqual(['sources']);
    const empty = await rejectedWithoutTrace(world, world.member.client.createConversation({ sources: [] }));
    expect(empty).toMatchObject({ status: 400, code: 'invalid_parameter', invalid_params: [{ name: 'sources', reason: 'must hold at least one source' }] });
  });

  it('a transcript segment whose end precedes its start is rejected at its path', async () => {
    const world = await env.world();
    const problem = await rejectedWithoutTrace(
      world,
      world.member.client.createConversation({
        sources: [
          transcript(),
          transcript({
            segments: [
              { speaker: 'A', start_seconds: 0, end_seconds: 3, text: 'fine' },
              { speaker: 'B', start_seconds: 10, end_seconds: 9.5, text: 'backwards' },
            ],
          }),
        ],
      }),
    );
    expect(problem.invalid_params).toEqual([{ name: 'sources[1].segments[1].end_seconds', reason: expect.stringContaining('start_seconds') }]);
  });

  it('a segment end equal to its start is accepted (a zero-length segment is not backwards)', async () => {
    const world = await env.world();
    const created = await world.member.client.createConversation({ sources: [transcript({ segments: [{ speaker: 'A', start_seconds: 3, end_seconds: 3, text: 'Hm.' }] })] });
    expect(created.status).toBe('pending');
  });

  it('every bad field of one body is reported in one answer', async () => {
    const world = await env.world();
    const problem = await rejectedWithoutTrace(
      world,
      world.member.client.createConversation({
        title: '',
        visibility: 'public' as never,
        started_at: 'yesterday',
        tag_ids: [42 as never],
        sources: [{ type: 'video' } as never, { type: 'text', content: '   ' }],
      }),
    );
    expect(names(problem)).toEqual(['sources[0].type', 'sources[1].content', 'started_at', 'tag_ids[0]', 'title', 'visibility']);
  });

  it('a NUL character is 400 naming the field, never a 500, in every body and query that reaches SQL', async () => {
    const world = await env.world();
    const nul = 'before\u0000after';
    const { client } = world.member;
    const conversation = await env.fixtures.conversation(world.member);
    const bodies: Array<[string, Promise<unknown>, string[]]> = [
      ['text content', client.createConversation({ sources: [{ type: 'text', content: nul }] }), ['sources[0].content']],
      ['document content', client.addSource(conversation.id, { type: 'document', content: nul }), ['content']],
      ['segment text', client.createConversation({ sources: [transcript({ segments: [{ speaker: 'Ada', start_seconds: 0, end_seconds: 1, text: nul }] })] }), ['sources[0].segments[0].text']],
      ['speaker name key', client.createConversation({ sources: [transcript({ speaker_names: { [nul]: 'Ada' } })] }), [`sources[0].speaker_names.${nul}`]],
      ['meeting URL', client.createBot({ meeting_url: `https://meet.example.test/${nul}` }), ['meeting_url']],
      ['upload title', client.uploadSource(conversation.id, { name: 'notes.txt', bytes: new TextEncoder().encode('Plain notes.'), type: 'text/plain', title: nul }), ['title']],
    ];
    for (const [what, call, fields] of bodies) {
      const problem = await rejectedWithoutTrace(world, call);
      expect({ what, status: problem.status, code: problem.code, names: names(problem) }).toEqual({ what, status: 400, code: 'invalid_parameter', names: fields });
    }
    const webhook = await world.admin.client.request<Problem>('POST', '/api/v1/webhooks', { json: { url: `https://hooks.example.test/${nul}`, events: ['conversation.ready'] } });
    expect({ status: webhook.status, names: names(webhook.body) }).toEqual({ status: 400, names: ['url'] });
    const [reason] = (await failure(client.createConversation({ sources: [{ type: 'text', content: nul }] }))).problem.invalid_params ?? [];
    expect(reason?.reason).toBe('must not contain the NUL character (U+0000)');
    for (const query of [{ folder_id: nul }, { tag_id: [nul] }]) {
      const listed = await failure(client.listConversations(query as never));
      expect({ query, status: listed.problem.status, code: listed.problem.code }).toEqual({ query, status: 400, code: 'invalid_parameter' });
    }
  });

  it('text over the documented limits is rejected: title, segment text, text content, speaker, tag and folder names, tag description', async () => {
    const world = await env.world();
    const cases: Array<[string, Promise<unknown>]> = [
      ['title', world.member.client.createConversation({ title: 'x'.repeat(501), sources: [transcript()] })],
      ['sources[0].segments[0].text', world.member.client.createConversation({ sources: [transcript({ segments: [{ speaker: 'A', start_seconds: 0, end_seconds: 1, text: 'x'.repeat(10_001) }] })] })],
      ['sources[0].segments[0].speaker', world.member.client.createConversation({ sources: [transcript({ segments: [{ speaker: 'S'.repeat(201), start_seconds: 0, end_seconds: 1, text: 'x' }] })] })],
      ['sources[0].content', world.member.client.createConversation({ sources: [{ type: 'document', content: 'x'.repeat(1_000_001) }] })],
      ['name', world.member.client.createTag({ name: 't'.repeat(101) })],
      ['description', world.member.client.createTag({ name: 'fine', description: 'd'.repeat(1001) })],
      ['name', world.member.client.createFolder({ name: 'f'.repeat(201) })],
    ];
    for (const [field, call] of cases) {
      const problem = await rejectedWithoutTrace(world, call);
      expect({ field, status: problem.status, code: problem.code, names: names(problem) }).toEqual({ field, status: 400, code: 'invalid_parameter', names: [field] });
      expect(problem.invalid_params?.[0]?.reason).toMatch(/at most/);
    }
  });

  it('text exactly at the limits is accepted', async () => {
    const world = await env.world();
    const created = await world.member.client.createConversation({
      title: 'x'.repeat(500),
      sources: [transcript({ segments: [{ speaker: 'S'.repeat(200), start_seconds: 0, end_seconds: 1, text: 'x'.repeat(10_000) }] }), { type: 'text', content: 'y'.repeat(1_000_000) }],
    });
    expect(created.title).toBe('x'.repeat(500));
    await expect(world.member.client.createTag({ name: 't'.repeat(100), description: 'd'.repeat(1000) })).resolves.toMatchObject({ name: 't'.repeat(100) });
  });

  it('an invalid meeting URL is rejected: http, not a URL, with credentials, another scheme', async () => {
    const world = await env.world();
    for (const url of ['http://meet.example.com/abc', 'not a url', 'meet.example.com/abc', 'https://ada:secret@meet.example.com/abc', 'https://ada@meet.example.com/abc', 'javascript:alert(1)', 'ftp://meet.example.com/x', `https://meet.example.com/${'a'.repeat(2048)}`]) {
      const problem = await rejectedWithoutTrace(world, world.member.client.createConversation({ sources: [transcript({ meeting_url: url })] }));
      expect({ url, names: names(problem) }).toEqual({ url, names: ['sources[0].meeting_url'] });
    }
  });

  it('a valid https meeting URL is kept on the source', async () => {
    const world = await env.world();
    const created = await world.member.client.createConversation({ sources: [transcript({ meeting_url: 'https://meet.example.com/abc-defg-hij?pwd=1' })] });
    expect(created.sources[0]?.meeting_url).toBe('https://meet.example.com/abc-defg-hij?pwd=1');
  });

  it('malformed transcript details are rejected: negative or non-numeric seconds, bad language, bad attendee, empty segments, control characters', async () => {
    const world = await env.world();
    const cases: Array<[string, Parameters<typeof transcript>[0]]> = [
      ['sources[0].segments[0].start_seconds', { segments: [{ speaker: 'A', start_seconds: -1, end_seconds: 1, text: 'x' }] }],
      ['sources[0].segments[0].end_seconds', { segments: [{ speaker: 'A', start_seconds: 0, end_seconds: '5' as never, text: 'x' }] }],
      ['sources[0].segments[0].end_seconds', { segments: [{ speaker: 'A', start_seconds: 0, end_seconds: 86_401, text: 'x' }] }],
      ['sources[0].language', { language: 'en' }],
      ['sources[0].attendees[1]', { attendees: ['ada@example.com', 'not-an-email'] }],
      ['sources[0].segments', { segments: [] }],
      ['sources[0].segments[0].speaker', { segments: [{ speaker: 'A\u0000B', start_seconds: 0, end_seconds: 1, text: 'x' }] }],
      ['sources[0].duration_seconds', { duration_seconds: 1.5 }],
    ];
    for (const [field, over] of cases) {
      const problem = await rejectedWithoutTrace(world, world.member.client.createConversation({ sources: [transcript(over)] }));
      expect({ field, names: names(problem) }).toEqual({ field, names: [field] });
    }
  });

  it('too many tags, sources or segments are rejected at the list', async () => {
    const world = await env.world();
    const tagIds = Array.from({ length: 51 }, () => newId('tag'));
    expect(names(await rejectedWithoutTrace(world, world.member.client.createConversation({ tag_ids: tagIds, sources: [transcript()] })))).toEqual(['tag_ids']);
    const sources = Array.from({ length: 21 }, () => ({ type: 'text' as const, content: 'x' }));
    expect(names(await rejectedWithoutTrace(world, world.member.client.createConversation({ sources })))).toEqual(['sources']);
    const segments = Array.from({ length: 20_001 }, (_, i) => ({ speaker: 'A', start_seconds: i, end_seconds: i, text: 'x' }));
    expect(names(await rejectedWithoutTrace(world, world.member.client.createConversation({ sources: [transcript({ segments })] })))).toEqual(['sources[0].segments']);
  });

  it('PATCH bodies reject unknown fields and fields that cannot be changed there', async () => {
    const world = await env.world();
    const conversation = await env.fixtures.conversation(world.member);
    const tag = await env.fixtures.tag(world.workspace);
    const folder = await env.fixtures.folder(world.member);
    expect(names(await rejectedWithoutTrace(world, world.member.client.updateConversation(conversation.id, { status: 'ready', sources: [] } as never)))).toEqual(['sources', 'status']);
    expect(names(await rejectedWithoutTrace(world, world.member.client.updateTag(tag.id, { applied_count: 3 } as never)))).toEqual(['applied_count']);
    expect(names(await rejectedWithoutTrace(world, world.member.client.updateFolder(folder.id, { owner_id: world.admin.user.id } as never)))).toEqual(['owner_id']);
    expect(names(await rejectedWithoutTrace(world, world.member.client.updateTag(tag.id, { color: 'red' })))).toEqual(['color']);
  });
});
