import { newId } from '@cs/domain';
import { requestProcessing } from '@cs/events';
import { type ConversationRow, createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { dispatchDueBots, type DueBot } from './due-bots';
import { ProcessingStore } from './processing.store';

describe('ProcessingStore (real Postgres)', () => {
  let db: TestDatabase;
  let fixtures: Fixtures;
  let store: ProcessingStore;
  let owner: Member;

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    store = new ProcessingStore(db.dataSource);
    owner = await fixtures.member(await fixtures.workspace());
  });

  afterAll(() => db.drop());

  async function pendingConversation(): Promise<{ id: string; generation: number; conversation: ConversationRow }> {
    const conversation = await fixtures.conversation(owner, { status: 'pending', summary: null, digest: null, title: 'Launch sync' });
    const generation = await db.dataSource.transaction((m) => requestProcessing(m, { id: conversation.id, workspaceId: owner.workspace.id }, null));
    return { id: conversation.id, generation, conversation };
  }

  const outboxEvents = (conversationId: string) =>
    db.dataSource.query(`SELECT type, payload FROM outbox WHERE topic = 'event' AND payload->'data'->>'id' = $1`, [conversationId]) as Promise<
      Array<{ type: string; payload: { data: Record<string, unknown> } }>
    >;

  it('loads a conversation at its generation with its sources in order and the workspace tags; null for any other generation', async () => {
    const { id, generation, conversation } = await pendingConversation();
    const second = await fixtures.source(conversation, { type: 'text', position: 1, input: { content: 'Second.' } });
    const first = await fixtures.source(conversation, { type: 'transcript', position: 0 });
    const tag = await fixtures.tag(owner.workspace, { name: 'Launch', description: 'Releases' });

    const loaded = await store.load(id, generation);
    expect(loaded).toMatchObject({ id, workspace_id: owner.workspace.id, title: 'Launch sync' });
    expect(loaded?.sources.map((s) => [s.id, s.type])).toEqual([
      [first.id, 'transcript'],
      [second.id, 'text'],
    ]);
    expect(loaded?.sources[1]?.input).toEqual({ content: 'Second.' });
    expect(loaded?.tags).toContainEqual({ id: tag.id, name: 'Launch', description: 'Releases' });
    expect(await store.load(id, generation + 1)).toBeNull();
  });

  it('saves the results, the suggestions and conversation.ready in one go, once: a stale generation writes nothing', async () => {
    const { id, generation, conversation } = await pendingConversation();
    const source = await fixtures.source(conversation, { type: 'text', content: null });
    const suggested = await fixtures.tag(owner.workspace);
    const result = {
      sources: [{ id: source.id, content: 'We ship on Tuesday.', participants: ['Ada'], language: 'eng', durationSeconds: 60 }],
      summary: 'We ship on Tuesday.',
      digest: 'Ship on Tuesday.',
      sections: [],
      actionItems: [{ text: 'ship the release', owner: 'Ada', due: 'on Tuesday', source_id: source.id, start_seconds: 12 }],
      suggestedTagIds: [suggested.id],
    };

    expect(await store.saveReady(id, generation + 1, result, 'req_stale')).toBe(false);
    expect(await store.saveReady(id, generation, result, 'req_1')).toBe(true);
    expect(await store.saveReady(id, generation, result, 'req_1')).toBe(false);

    const [row] = await db.dataSource.query(`SELECT status, summary, digest, action_items, processing_requested_at FROM conversations WHERE id = $1`, [id]);
    expect(row).toEqual({
      status: 'ready',
      summary: 'We ship on Tuesday.',
      digest: 'Ship on Tuesday.',
      action_items: [{ text: 'ship the release', owner: 'Ada', due: 'on Tuesday', source_id: source.id, start_seconds: 12 }],
      processing_requested_at: null,
    });
    const [saved] = await db.dataSource.query(`SELECT content, participants, language, duration_seconds FROM sources WHERE id = $1`, [source.id]);
    expect(saved).toEqual({ content: 'We ship on Tuesday.', participants: ['Ada'], language: 'eng', duration_seconds: 60 });
    expect(await db.dataSource.query(`SELECT tag_id, origin, accepted FROM conversation_tags WHERE conversation_id = $1`, [id])).toEqual([
      { tag_id: suggested.id, origin: 'ai', accepted: false },
    ]);
    const events = await outboxEvents(id);
    expect(events.map((e) => e.type)).toEqual(['conversation.ready']);
    expect(events[0]?.payload.data).toMatchObject({ id, title: 'Launch sync', status: 'ready' });
  });

  it('ends a conversation in error with conversation.failed; false when the generation moved on', async () => {
    const { id, generation } = await pendingConversation();
    expect(await store.saveFailed(id, generation - 1, 'internal_error', null)).toBe(false);
    expect(await store.saveFailed(id, generation, 'no_content', 'req_2')).toBe(true);
    const [row] = await db.dataSource.query(`SELECT status, error_reason FROM conversations WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'error', error_reason: 'no_content' });
    const events = await outboxEvents(id);
    expect(events.map((e) => [e.type, e.payload.data['error_reason']])).toEqual([['conversation.failed', 'no_content']]);
  });

  it('sweeps conversations pending since before the cut-off, and forgets relayed requests past their retention', async () => {
    const old = await pendingConversation();
    const fresh = await pendingConversation();
    await db.dataSource.query(`UPDATE conversations SET processing_requested_at = now() - interval '1 hour' WHERE id = $1`, [old.id]);
    await db.dataSource.query(`UPDATE outbox SET relayed_at = now() - interval '8 days' WHERE topic = 'processing' AND payload->>'conversationId' = $1`, [old.id]);
    await db.dataSource.query(`UPDATE outbox SET relayed_at = now() WHERE topic = 'processing' AND payload->>'conversationId' = $1`, [fresh.id]);

    const seen = await store.sweepStale(new Date(Date.now() - 60_000), async (stale) => stale);
    expect(seen).toContainEqual({ conversationId: old.id, workspaceId: owner.workspace.id, generation: old.generation });
    expect(seen?.map((s) => s.conversationId)).not.toContain(fresh.id);
    const left = await db.dataSource.query(`SELECT payload->>'conversationId' AS id FROM outbox WHERE topic = 'processing'`);
    expect(left.map((r: { id: string }) => r.id)).not.toContain(old.id);
    expect(left.map((r: { id: string }) => r.id)).toContain(fresh.id);
  });

  it('hands due bots to the recorder once and marks them dispatched; a refused hand-over leaves them for the next run', async () => {
    const { id } = await pendingConversation();
    const botId = newId('bot');
    await db.dataSource.query(
      `INSERT INTO bots (id, workspace_id, owner_id, conversation_id, meeting_url, join_at, status, provider, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'https://meet.example.test/abc', now() - interval '1 minute', 'scheduled', 'development', now(), now())`,
      [botId, owner.workspace.id, owner.user.id, id],
    );
    await expect(dispatchDueBots(db.dataSource, () => Promise.reject(new Error('recorder down')))).rejects.toThrow('recorder down');
    const joined: DueBot[] = [];
    expect(await dispatchDueBots(db.dataSource, async (bot) => void joined.push(bot))).toBe(1);
    expect(joined).toEqual([{ id: botId, meetingUrl: 'https://meet.example.test/abc', joinAt: expect.any(Date) }]);
    expect(await dispatchDueBots(db.dataSource, async (bot) => void joined.push(bot))).toBe(0);
  });
});
