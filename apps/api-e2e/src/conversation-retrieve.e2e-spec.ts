import { DIGEST_MAX_LENGTH } from '@cs/domain';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

const CREATED = new Date('2026-02-03T10:00:00.000Z');
const TRANSCRIPT = [
  '[00:00:01] Ada Lovelace: Shall we start with the launch plan?',
  '[00:00:07] Speaker 2: Yes. Legal needs the pricing page by Friday.',
  '[01:02:03] Ada Lovelace: Then March it is.',
].join('\n');

describe('GET /api/v1/conversations/{id}', () => {
  it('returns the conversation with its summary and every source in full (content, participants, attendees), in order', async () => {
    const { workspace, admin, member } = await env.world();
    const folder = await env.fixtures.folder(admin);
    const tag = await env.fixtures.tag(workspace, { name: 'Launch', color: '#aa00ff' });
    const conversation = await env.fixtures.conversation(admin, {
      title: 'Weekly launch sync',
      folderId: folder.id,
      digest: 'Launch moves to March.',
      summary: 'The launch moves.\n\n## Decisions\n- March.',
      createdAt: CREATED,
    });
    await env.fixtures.applyTag(conversation, tag);
    const transcript = await env.fixtures.source(conversation, {
      type: 'transcript',
      title: 'Recording',
      content: TRANSCRIPT,
      participants: ['Ada Lovelace', 'Speaker 2'],
      attendees: ['ada@example.test', 'grace@example.test'],
      durationSeconds: 3723,
      language: 'eng',
      meetingUrl: 'https://meet.example.test/abc-defg-hij',
    });
    const document = await env.fixtures.source(conversation, { type: 'document', title: 'Agenda', content: '# Agenda\n- Launch' });
    const text = await env.fixtures.source(conversation, { type: 'text', title: null, content: 'Pasted note.' });
    const file = await env.fixtures.source(conversation, { type: 'file', title: 'deck.pdf', content: null });
    // As processing stores them with the summary.
    const actionItems = [{ text: 'send the deck to legal', owner: 'Ada Lovelace', due: 'by Friday', source_id: transcript.id, start_seconds: 754 }];
    await env.db.dataSource.query('UPDATE conversations SET action_items = $2::jsonb WHERE id = $1', [conversation.id, JSON.stringify(actionItems)]);

    const got = await member.client.getConversation(conversation.id);
    expect(got).toEqual({
      id: conversation.id,
      title: 'Weekly launch sync',
      created_at: CREATED.toISOString(),
      updated_at: CREATED.toISOString(),
      status: 'ready',
      termination_reason: null,
      folder_id: folder.id,
      digest: 'Launch moves to March.',
      tags: [{ id: tag.id, name: 'Launch', color: '#aa00ff' }],
      summary: 'The launch moves.\n\n## Decisions\n- March.',
      action_items: actionItems,
      sources: [
        {
          id: transcript.id,
          type: 'transcript',
          title: 'Recording',
          added_at: CREATED.toISOString(),
          duration_seconds: 3723,
          language: 'eng',
          meeting_url: 'https://meet.example.test/abc-defg-hij',
          attendees: ['ada@example.test', 'grace@example.test'],
          content: TRANSCRIPT,
          participants: [{ name: 'Ada Lovelace' }, { name: 'Speaker 2' }],
        },
        {
          id: document.id,
          type: 'document',
          title: 'Agenda',
          added_at: CREATED.toISOString(),
          duration_seconds: null,
          language: null,
          meeting_url: null,
          attendees: [],
          content: '# Agenda\n- Launch',
          participants: [],
        },
        expect.objectContaining({ id: text.id, type: 'text', title: null, content: 'Pasted note.', participants: [], attendees: [] }),
        expect.objectContaining({ id: file.id, type: 'file', content: null, duration_seconds: null, language: null }),
      ],
    });
  });

  it('renders transcript content as lines "[HH:MM:SS] Speaker: text" joined by \\n', async () => {
    const { admin, member } = await env.world();
    const conversation = await env.fixtures.conversation(admin);
    await env.fixtures.source(conversation, { type: 'transcript', content: TRANSCRIPT });
    const [source] = (await member.client.getConversation(conversation.id)).sources;
    const lines = source?.content?.split('\n') ?? [];
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\] [^:\n]+: .+$/);
  });

  it('an error conversation carries its termination_reason; other states carry null', async () => {
    const { admin, member } = await env.world();
    const refused = await env.fixtures.conversation(admin, { status: 'error', terminationReason: 'verification_required' });
    const failed = await env.fixtures.conversation(admin, { status: 'error', terminationReason: null });
    const pending = await env.fixtures.conversation(admin, { status: 'pending', digest: null, summary: null });
    expect(await member.client.getConversation(refused.id)).toMatchObject({ status: 'error', termination_reason: 'verification_required' });
    expect(await member.client.getConversation(failed.id)).toMatchObject({ status: 'error', termination_reason: null });
    expect(await member.client.getConversation(pending.id)).toMatchObject({ status: 'pending', termination_reason: null, digest: null, summary: null });
  });

  it('answers a query parameter with 400 invalid_parameter naming it (retrieve takes none)', async () => {
    const { admin, member } = await env.world();
    const conversation = await env.fixtures.conversation(admin);
    const response = await member.client.request('GET', '/api/v1/conversations/{id}', { pathParams: { id: conversation.id }, query: { expand: 'sources' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameter', invalid_params: [{ name: 'expand' }] });
  });
});

describe('conversation list entries', () => {
  it('carry sources as SourceLite only (id, type, duration_seconds, language) and no summary', async () => {
    const { admin, member } = await env.world();
    const conversation = await env.fixtures.conversation(admin);
    const transcript = await env.fixtures.source(conversation, { type: 'transcript', durationSeconds: 42, language: 'deu' });
    const document = await env.fixtures.source(conversation, { type: 'document' });

    const [entry] = (await member.client.listConversations()).data;
    expect(Object.keys(entry ?? {}).sort()).toEqual(
      ['created_at', 'digest', 'folder_id', 'id', 'sources', 'status', 'tags', 'termination_reason', 'title', 'updated_at'].sort(),
    );
    expect(entry?.sources).toEqual([
      { id: transcript.id, type: 'transcript', duration_seconds: 42, language: 'deu' },
      { id: document.id, type: 'document', duration_seconds: null, language: null },
    ]);
  });

  it(`carry a digest of at most ${DIGEST_MAX_LENGTH} characters, and a digest of exactly that length whole`, async () => {
    const { admin, member } = await env.world();
    const longest = 'A'.repeat(DIGEST_MAX_LENGTH - 1) + '.';
    const full = await env.fixtures.conversation(admin, { digest: longest });
    await env.fixtures.conversation(admin, { digest: 'Short one.' });
    await env.fixtures.conversation(admin, { digest: null });

    const entries = (await member.client.listConversations()).data;
    for (const entry of entries) if (entry.digest !== null) expect(entry.digest.length).toBeLessThanOrEqual(DIGEST_MAX_LENGTH);
    expect(entries.find((c) => c.id === full.id)?.digest).toBe(longest);
    expect((await member.client.getConversation(full.id)).digest).toBe(longest);
  });
});
