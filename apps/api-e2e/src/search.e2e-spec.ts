import type { ListEnvelope } from '@cs/domain';
import { indexConversations, type SearchHit } from '@cs/search';
import type { ConversationRow } from '@cs/testing';
import { type Actor, useApiEnvironment } from './support/api-environment';
import { conversationIds, failure } from './support/listing';

const env = useApiEnvironment();

const T0 = Date.parse('2026-01-10T12:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

/** GET /api/v1/search through the client, so the contract validator checks every answer against the served document. */
async function search(actor: Actor, query: Record<string, string | number | string[]>): Promise<ListEnvelope<SearchHit>> {
  const response = await actor.client.request<ListEnvelope<SearchHit>>('GET', '/api/v1/search', { query });
  if (response.status !== 200) throw new Error(`search answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

const searchProblem = async (actor: Actor, query: Record<string, string>) => {
  const response = await actor.client.request<{ code: string; invalid_params?: { name: string }[] }>('GET', '/api/v1/search', { query });
  return { status: response.status, body: response.body };
};

/** A raw query string, for bytes the client would encode properly (bad percent-escapes, lone surrogates). */
async function rawSearch(actor: Actor, rawQuery: string): Promise<{ status: number; body: { code?: string } }> {
  const response = await fetch(`${env.baseUrl}/api/v1/search?${rawQuery}`, { headers: { authorization: `Bearer ${actor.key}` } });
  return { status: response.status, body: (await response.json()) as { code?: string } };
}

describe('GET /api/v1/search', () => {
  async function meeting(owner: Actor, title: string, text: string, over: Parameters<typeof env.fixtures.conversation>[1] = {}): Promise<ConversationRow> {
    const c = await env.fixtures.conversation(owner, { title, digest: null, summary: null, ...over });
    await env.fixtures.source(c, { content: `[00:00:02] Ada: Welcome.\n[00:12:34] Grace: ${text}` });
    await indexConversations(env.db.dataSource, [c.id]);
    return c;
  }

  it('answers ranked hits in the list envelope, each with the list entry, a score and the matched turn with speaker and second', async () => {
    const { admin, member } = await env.world();
    const mention = await meeting(admin, 'Weekly sync', 'The *pricing* page needs legal review.', { visibility: 'workspace' });
    const titled = await meeting(admin, 'Pricing review', 'We start now.', { visibility: 'workspace' });

    const page = await search(member, { q: 'pricing' });
    expect(page.has_more).toBe(false);
    expect(page.data.map((hit) => hit.conversation.id)).toEqual([titled.id, mention.id]);
    expect(page.data[0]!.score).toBeGreaterThan(page.data[1]!.score);
    const listed = await member.client.listConversations();
    expect(page.data.map((hit) => hit.conversation)).toEqual(expect.arrayContaining(listed.data));
    expect(page.data[1]!.matches).toEqual([
      {
        source_id: expect.stringMatching(/^src_/),
        source_type: 'transcript',
        field: 'content',
        speaker: 'Grace',
        start_seconds: 754,
        snippet: 'The \\***pricing**\\* page needs legal review\\.',
      },
    ]);
  });

  it('pages with a cursor bound to the query: the same q continues, another q is a 400 invalid_cursor', async () => {
    const { admin } = await env.world();
    for (let i = 0; i < 3; i++) await meeting(admin, `Quokka ${i}`, 'quokka');
    const first = await search(admin, { q: 'quokka', limit: 2 });
    expect(first.data).toHaveLength(2);
    const second = await search(admin, { q: 'quokka', limit: 2, cursor: first.next_cursor! });
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(new Set([...first.data, ...second.data].map((hit) => hit.conversation.id)).size).toBe(3);
    const other = await searchProblem(admin, { q: 'welcome', cursor: first.next_cursor! });
    expect(other).toMatchObject({ status: 400, body: { code: 'invalid_cursor' } });
  });

  it.each([
    ['missing', {}],
    ['empty', { q: '' }],
    ['only whitespace', { q: '   ' }],
    ['only operators', { q: '- OR () "" &' }],
    ['longer than 500 characters', { q: 'x'.repeat(501) }],
    ['a NUL character', { q: 'a\u0000b' }],
  ])('q %s is a 400 invalid_parameter naming q', async (_case, query) => {
    const { member } = await env.world();
    const { status, body } = await searchProblem(member, query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', invalid_params: [expect.objectContaining({ name: 'q' })] });
  });

  it('no character of q gives a 500: tsquery syntax, broken escapes, lone surrogates, controls', async () => {
    const { admin } = await env.world();
    await meeting(admin, 'target', "The heron's nest & co.");
    const raw = [
      'q=%26%7C!%3A*()%3C%3E%5C%27',
      'q=heron%3A*',
      'q=%FF%FE',
      'q=%E0%A4%A',
      'q=%ED%A0%80heron',
      'q=heron%01%1F%7F',
      'q=%',
      'q=heron&q=nest',
      "q=heron's",
      'q=%22%22%22',
    ];
    for (const query of raw) {
      const { status, body } = await rawSearch(admin, query);
      expect([query, status < 500]).toEqual([query, true]);
      if (status !== 200) expect([query, body.code]).toEqual([query, 'invalid_parameter']);
    }
    expect((await search(admin, { q: "heron's & | ! : * ( ) < > \\" })).data.map((hit) => hit.conversation.title)).toEqual(['target']);
  });

  it('filters by speaker and source_type, and refuses an unknown source_type naming it', async () => {
    const { admin } = await env.world();
    const c = await meeting(admin, 'Filters', 'The ibex budget.');
    expect((await search(admin, { q: 'ibex', speaker: 'grace', source_type: ['transcript'] })).data.map((h) => h.conversation.id)).toEqual([c.id]);
    expect((await search(admin, { q: 'ibex', speaker: 'Ada' })).data).toEqual([]);
    expect((await search(admin, { q: 'ibex', source_type: ['document'] })).data).toEqual([]);
    const bad = await searchProblem(admin, { q: 'ibex', source_type: 'video' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_parameter', invalid_params: [expect.objectContaining({ name: 'source_type' })] } });
  });

  it('follows the writes at once: a new title is found and the old one not, a hidden or deleted conversation disappears', async () => {
    const { admin, member } = await env.world();
    const c = await meeting(admin, 'Old gazelle title', 'Nothing to see.', { visibility: 'workspace' });
    await admin.client.updateConversation(c.id, { title: 'New antelope title' });
    expect((await search(member, { q: 'antelope' })).data.map((h) => h.conversation.id)).toEqual([c.id]);
    expect((await search(member, { q: 'gazelle' })).data).toEqual([]);

    await admin.client.updateConversation(c.id, { visibility: 'private' });
    expect((await search(member, { q: 'antelope' })).data).toEqual([]);
    expect((await search(admin, { q: 'antelope' })).data).toHaveLength(1);

    await admin.client.deleteConversation(c.id);
    expect((await search(admin, { q: 'antelope' })).data).toEqual([]);
  });

  it('never shows another workspace, nor an unknown folder (404 as on the list)', async () => {
    const ours = await env.world();
    const theirs = await env.world();
    await meeting(ours.admin, 'Ours', 'The narwhal plan.', { visibility: 'workspace' });
    expect((await search(theirs.admin, { q: 'narwhal' })).data).toEqual([]);
    expect((await failure(theirs.admin.client.listConversations({ q: 'narwhal', folder_id: 'fld_unknown' }))).status).toBe(404);
  });
});

describe('q on GET /api/v1/conversations', () => {
  it('narrows the list and keeps its order (newest first), its cursors and its other filters', async () => {
    const { admin, member } = await env.world();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = await env.fixtures.conversation(admin, { title: i % 2 === 0 ? `Tapir ${i}` : `Other ${i}`, createdAt: at(i), digest: null, summary: null });
      await indexConversations(env.db.dataSource, [c.id]);
      ids.push(c.id);
    }
    const tapirs = [ids[4]!, ids[2]!, ids[0]!];
    expect(await conversationIds(member.client, { q: 'tapir', limit: 1 })).toEqual(tapirs);
    expect(await conversationIds(member.client, { q: 'tapir', created_after: at(1).toISOString() })).toEqual([ids[4]!, ids[2]!]);
    expect(await conversationIds(member.client, { q: 'tapir -4' })).toEqual([ids[2]!, ids[0]!]);

    const first = await member.client.listConversations({ q: 'tapir', limit: 1 });
    const changed = await failure(member.client.listConversations({ q: 'other', cursor: first.next_cursor! }));
    expect(changed.problem.code).toBe('invalid_cursor');
    expect((await failure(member.client.listConversations({ q: '  ' }))).problem).toMatchObject({
      code: 'invalid_parameter',
      invalid_params: [expect.objectContaining({ name: 'q' })],
    });
  });
});
