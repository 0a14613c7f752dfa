import { DIGEST_MAX_LENGTH } from '@cs/domain';
import { useProcessingStack } from './support/processing-stack';

const stack = useProcessingStack();

const ENGLISH = [
  'Good morning everyone, thanks for joining the pricing review for the spring launch.',
  'The main question today is whether the annual plan discount stays at twenty percent.',
  'Sales thinks the discount helps close larger customers before the end of the quarter.',
  'Finance would rather keep it at fifteen percent because churn on annual plans is low anyway.',
  'We agreed to run an experiment with two cohorts and decide after four weeks of data.',
  'Marketing will prepare the landing page copy for both variants by next Friday.',
];

const segments = (texts: string[], speakers: string[]) =>
  texts.map((text, i) => ({ speaker: speakers[i % speakers.length]!, start_seconds: i * 20, end_seconds: i * 20 + 18, text }));

describe('processing a conversation (api and processor as processes)', () => {
  beforeAll(async () => {
    await stack.startProcessor();
  });

  it('renders every source, detects the language, summarizes, and ends ready with a conversation.ready event', async () => {
    const { client } = await stack.writer();
    const created = await client.createConversation({
      title: 'Pricing review',
      sources: [
        {
          type: 'transcript',
          segments: segments(ENGLISH, ['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 3']),
          speaker_names: { 'Speaker 1': 'Ada Lovelace' },
          meeting_url: 'https://meet.example.test/pricing',
          attendees: ['ada@example.com', 'grace@example.com'],
        },
        { type: 'document', title: 'Agenda', content: '# Agenda\n\n- **Annual discount**\n- [Experiment plan](https://example.com/plan)' },
        { type: 'text', content: 'Decision: run a four week experiment.' },
      ],
    });
    expect(created.status).toBe('pending');

    const done = await stack.settled(client, created.id);
    expect(done.status).toBe('ready');
    const [transcript, agenda, text] = done.sources;
    expect(transcript).toMatchObject({
      type: 'transcript',
      language: 'eng',
      duration_seconds: 118,
      meeting_url: 'https://meet.example.test/pricing',
      attendees: ['ada@example.com', 'grace@example.com'],
      participants: [{ name: 'Ada Lovelace' }, { name: 'Speaker 2' }, { name: 'Speaker 3' }],
    });
    expect(transcript!.content!.split('\n')[0]).toBe(`[00:00:00] Ada Lovelace: ${ENGLISH[0]}`);
    expect(transcript!.content!.split('\n')).toHaveLength(ENGLISH.length);
    expect(agenda).toMatchObject({ type: 'document', content: 'Agenda\n\nAnnual discount\nExperiment plan', language: null, duration_seconds: null, participants: [] });
    expect(text).toMatchObject({ type: 'text', content: 'Decision: run a four week experiment.' });
    expect(done.summary).toMatch(/\n## .+\n- /);
    expect(done.digest!.length).toBeGreaterThan(0);
    expect(done.digest!.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);

    // The write's conversation.created, then processing's outcome.
    const events = (await stack.outbox(created.id)).filter((row) => row.topic === 'event' && row.type !== 'conversation.created');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      type: 'conversation.ready',
      data: { id: created.id, title: 'Pricing review', status: 'ready', started_at: created.created_at },
    });
    expect(events[0]!.payload['id']).toMatch(/^evt_/);
  });

  it('suggests fitting workspace tags without showing them, until the owner accepts one', async () => {
    const writer = await stack.writer();
    const pricing = await stack.fixtures.tag(writer.workspace, { name: 'Pricing', description: 'discount annual plan churn' });
    await stack.fixtures.tag(writer.workspace, { name: 'Recruiting', description: 'hiring candidates interviews' });
    const created = await writer.client.createConversation({ title: 'Pricing review', sources: [{ type: 'text', content: ENGLISH.join(' ') }] });
    const done = await stack.settled(writer.client, created.id);
    expect(done.status).toBe('ready');
    expect(done.tags).toEqual([]);
    const suggestions = await stack.db.dataSource.query(`SELECT tag_id, origin, accepted FROM conversation_tags WHERE conversation_id = $1`, [created.id]);
    expect(suggestions).toEqual([{ tag_id: pricing.id, origin: 'ai', accepted: false }]);
    expect((await writer.client.listConversations({ tag_id: [pricing.id] })).data).toEqual([]);

    const accepted = await writer.client.applyTag(created.id, pricing.id);
    expect(accepted.tags).toEqual([{ id: pricing.id, name: 'Pricing', color: null }]);
  });

  it('sends the conversation back through processing when a source is added, and keeps the newest result', async () => {
    const { client } = await stack.writer();
    const created = await client.createConversation({ sources: [{ type: 'text', content: ENGLISH.slice(0, 3).join(' ') }] });
    expect((await stack.settled(client, created.id)).status).toBe('ready');

    const added = await client.addSource(created.id, { type: 'text', title: 'Follow-up', content: ENGLISH.slice(3).join(' ') });
    expect(added.status).toBe('pending');
    const done = await stack.settled(client, created.id);
    expect(done.status).toBe('ready');
    expect(done.sources.map((s) => s.content)).toEqual([ENGLISH.slice(0, 3).join(' '), ENGLISH.slice(3).join(' ')]);
    const events = (await stack.outbox(created.id)).filter((row) => row.topic === 'event').map((row) => row.payload['type']);
    expect(events).toEqual(['conversation.created', 'conversation.ready', 'conversation.updated', 'conversation.ready']);
  });

  it('ends a transcript-free conversation whose upload-less sources hold no words in error with error_reason no_content', async () => {
    const { client } = await stack.writer();
    // A document of markup only renders to nothing.
    const created = await client.createConversation({ sources: [{ type: 'document', content: '---\n\n***' }] });
    const done = await stack.settled(client, created.id);
    expect(done).toMatchObject({ status: 'error', termination_reason: null, summary: null });
    const failed = (await stack.outbox(created.id)).find((row) => row.type === 'conversation.failed');
    expect(failed?.payload).toMatchObject({ data: { id: created.id, status: 'error', error_reason: 'no_content' } });
  });

  it('writes conversation.deleted with the last-known title, and who could see it, when a conversation is deleted', async () => {
    const { client, user } = await stack.writer();
    const created = await client.createConversation({ title: 'Short-lived', sources: [{ type: 'text', content: ENGLISH[0]! }] });
    await stack.settled(client, created.id);
    await client.deleteConversation(created.id);
    const deleted = (await stack.outbox(created.id)).find((row) => row.type === 'conversation.deleted');
    expect(deleted?.payload).toMatchObject({ type: 'conversation.deleted', data: { id: created.id, title: 'Short-lived', status: 'ready' } });
    // The relay decides from this which subscriptions may receive the event, although the conversation is gone.
    expect(deleted?.audience).toEqual({ owner_id: user.id, visibility: 'private' });
  });
});
