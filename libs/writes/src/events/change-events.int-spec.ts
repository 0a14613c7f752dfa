import { Catalog, LIST_CONVERSATIONS_PARAMS, LIST_EVENTS_PARAMS } from '@cs/catalog';
import { DomainError } from '@cs/domain';
import { type EventEnvelope, FeedSequencer } from '@cs/events';
import { CursorCodec } from '@cs/paging';
import { createTestDatabase, eventually, Fixtures, type Member, principalOf, type TestDatabase } from '@cs/testing';
import { applyTag, createConversation, deleteConversation, removeTag, updateConversation } from '../conversations/conversation.commands';
import type { WriteContext } from '../write-context';
import { createFolder, updateFolder } from '../folders/folder.commands';
import { createTag, deleteTag, updateTag } from '../tags/tag.commands';
import { inTransaction, type Tx } from '../tx';

jest.setTimeout(60_000);

describe('the events feed (writes record events; the catalog serves them per viewer)', () => {
  let db: TestDatabase;
  let catalog: Catalog;
  let owner: Member;
  let colleague: Member;
  // The api runs the sequencer; here it runs on a short loop of its own, as the api's would. The loop stops before
  // the database goes, and a run in progress is awaited: a run after the drop would fail outside any test. A run that
  // fails is left to show as events that never reach the feed.
  let sequencing: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  beforeAll(async () => {
    db = await createTestDatabase();
    const sequencer = new FeedSequencer(db.dataSource);
    const loop = (): void => {
      running = sequencer
        .drain()
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) sequencing = setTimeout(loop, 50);
        });
    };
    loop();
    catalog = new Catalog(db.dataSource, new CursorCodec('e'.repeat(40)));
    const f = new Fixtures(db.dataSource);
    const workspace = await f.workspace();
    owner = await f.member(workspace);
    colleague = await f.member(workspace);
  }, 60_000);

  afterAll(async () => {
    stopped = true;
    clearTimeout(sequencing);
    await running;
    await db?.drop();
  });

  const write = <T>(who: Member, work: (tx: Tx, ctx: WriteContext) => Promise<T>) =>
    inTransaction(db.dataSource, (tx) => work(tx, { principal: principalOf(who), requestId: null, now: new Date() }));
  const feed = async (who: Member, query: Record<string, string | string[]> = {}): Promise<EventEnvelope[]> =>
    (await catalog.listEvents(principalOf(who), LIST_EVENTS_PARAMS.fromQueryString({ limit: '100', ...query }))).data;
  // The feed serves an event once the sequencer has positioned it, a moment after its commit.
  const FEED_WAIT_MS = 10_000;
  // Every committed event of the workspace positioned: the head taken then is after all earlier writes.
  const settled = () =>
    eventually(
      async () => (await db.dataSource.query(`SELECT count(*)::int AS n FROM feed_pending WHERE workspace_id = $1`, [owner.workspace.id]))[0].n as number,
      (n) => n === 0,
      FEED_WAIT_MS,
    );
  const after = async (who: Member, count: number, fn: () => Promise<unknown>): Promise<EventEnvelope[]> => {
    await settled();
    const head = await catalog.latestEvent(principalOf(who)).catch(() => null);
    await fn();
    return eventually(() => feed(who, head ? { after: head.id } : {}), (events) => events.length >= count, FEED_WAIT_MS);
  };

  it('records created and updated with the fields that changed, and nothing for a change that changes nothing', async () => {
    const events = await after(owner, 2, async () => {
      const c = await write(owner, (tx, ctx) => createConversation(tx, ctx, { title: 'Plan', visibility: 'private', sources: [{ type: 'text', content: 'x' }] }));
      await write(owner, (tx, ctx) => updateConversation(tx, ctx, c.id, { title: 'Plan v2' }));
      await write(owner, (tx, ctx) => updateConversation(tx, ctx, c.id, { title: 'Plan v2' }));
    });
    expect(events.map((e) => e.type)).toEqual(['conversation.created', 'conversation.updated']);
    expect(events[1]!.data).toMatchObject({ title: 'Plan v2', changed: ['title'] });
  });

  it('records tag changes on a conversation and tag catalog events, seen by the whole workspace', async () => {
    const c = await write(owner, (tx, ctx) => createConversation(tx, ctx, { title: 'Shared', visibility: 'workspace', sources: [{ type: 'text', content: 'x' }] }));
    const events = await after(colleague, 5, async () => {
      const tag = await write(colleague, (tx, ctx) => createTag(tx, ctx, { name: `Launch ${c.id}` }));
      await write(owner, (tx, ctx) => applyTag(tx, ctx, c.id, tag.id));
      await write(owner, (tx, ctx) => applyTag(tx, ctx, c.id, tag.id));
      await write(owner, (tx, ctx) => removeTag(tx, ctx, c.id, tag.id));
      await write(colleague, (tx, ctx) => updateTag(tx, ctx, tag.id, { color: '#2f80ed' }));
      await write(colleague, (tx, ctx) => deleteTag(tx, ctx, tag.id));
    });
    expect(events.map((e) => `${e.type} ${'changed' in e.data ? String(e.data.changed) : ''}`.trim())).toEqual([
      'tag.created',
      'conversation.updated tags',
      'conversation.updated tags',
      'tag.updated color',
      'tag.deleted',
    ]);
  });

  it('shows another member only what they can see, and tells them with conversation.hidden when a conversation is made private', async () => {
    const events = await after(colleague, 3, async () => {
      const secret = await write(owner, (tx, ctx) => createConversation(tx, ctx, { title: 'Secret', sources: [{ type: 'text', content: 'x' }] }));
      const shared = await write(owner, (tx, ctx) => createConversation(tx, ctx, { title: 'Retro', visibility: 'workspace', sources: [{ type: 'text', content: 'x' }] }));
      await write(owner, (tx, ctx) => updateConversation(tx, ctx, secret.id, { title: 'Still secret' }));
      await write(owner, (tx, ctx) => updateConversation(tx, ctx, shared.id, { visibility: 'private' }));
      await write(owner, (tx, ctx) => updateConversation(tx, ctx, secret.id, { visibility: 'workspace' }));
      await write(owner, (tx, ctx) => deleteConversation(tx, ctx, shared.id));
    });
    expect(events.map((e) => [e.type, (e.data as { title?: string }).title ?? null])).toEqual([
      ['conversation.created', 'Retro'],
      ['conversation.hidden', null],
      ['conversation.updated', 'Still secret'],
    ]);
    expect(events[1]!.data).toEqual({ id: expect.stringMatching(/^conv_/) });
    expect(events[2]!.data).toMatchObject({ changed: ['visibility'] });
    // The owner sees every one of them in full.
    const own = await feed(owner, { type: ['conversation.hidden'] });
    expect(own).toEqual([]);
  });

  it('records folder events and hides a folder made private from the others', async () => {
    const events = await after(colleague, 3, async () => {
      const folder = await write(owner, (tx, ctx) => createFolder(tx, ctx, { name: 'Customers' }));
      await write(owner, (tx, ctx) => updateFolder(tx, ctx, folder.id, { name: 'Clients' }));
      await write(owner, (tx, ctx) => updateFolder(tx, ctx, folder.id, { visibility: 'private' }));
      await write(owner, (tx, ctx) => updateFolder(tx, ctx, folder.id, { name: 'Mine now' }));
    });
    expect(events.map((e) => e.type)).toEqual(['folder.created', 'folder.updated', 'folder.hidden']);
  });

  it('serves a committed event while another transaction stays open, and the open one after it once it commits', async () => {
    await settled();
    const head = await catalog.latestEvent(principalOf(owner));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const writing = new Promise<void>((resolve) => (started = resolve));
    // A slow write: its event row is written first, then its transaction waits before committing.
    const slow = inTransaction(db.dataSource, async (tx) => {
      const created = await createConversation(tx, { principal: principalOf(owner), requestId: null, now: new Date() }, { title: 'Slow', sources: [{ type: 'text', content: 'x' }] });
      started();
      await held;
      return created;
    });
    await writing;
    await write(owner, (tx, ctx) => createConversation(tx, ctx, { title: 'Fast', sources: [{ type: 'text', content: 'x' }] }));
    const fast = await eventually(() => feed(owner, { after: head.id }), (events) => events.length >= 1, FEED_WAIT_MS);
    expect(fast.map((e) => (e.data as { title: string }).title)).toEqual(['Fast']);
    release();
    await slow;
    const both = await eventually(() => feed(owner, { after: head.id }), (events) => events.length >= 2, FEED_WAIT_MS);
    // In the order they committed: a reader that already had Fast gets Slow next, never before it.
    expect(both.map((e) => (e.data as { title: string }).title)).toEqual(['Fast', 'Slow']);
    expect((await feed(owner, { after: fast[0]!.id })).map((e) => (e.data as { title: string }).title)).toEqual(['Slow']);
  });

  it('pages with cursors and resumes after an event id; filters by type; refuses an unknown after', async () => {
    await settled();
    const head = await catalog.latestEvent(principalOf(owner));
    for (const title of ['A', 'B', 'C']) await write(owner, (tx, ctx) => createConversation(tx, ctx, { title, sources: [{ type: 'text', content: 'x' }] }));
    await eventually(() => feed(owner, { after: head.id }), (events) => events.length >= 3, FEED_WAIT_MS);
    const first = await catalog.listEvents(principalOf(owner), LIST_EVENTS_PARAMS.fromQueryString({ after: head.id, limit: '2' }));
    expect(first.data.map((e) => (e.data as { title: string }).title)).toEqual(['A', 'B']);
    const second = await catalog.listEvents(principalOf(owner), LIST_EVENTS_PARAMS.fromQueryString({ cursor: first.next_cursor!, limit: '2' }));
    expect(second.data.map((e) => (e.data as { title: string }).title)).toEqual(['C']);
    expect(second.has_more).toBe(false);
    expect(await feed(owner, { after: head.id, type: ['conversation.updated'] })).toEqual([]);
    const refused = await catalog.listEvents(principalOf(owner), LIST_EVENTS_PARAMS.fromQueryString({ after: 'evt_00000000000000000000000000' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).extras.invalidParams?.[0]?.name).toBe('after');
  });

  it('moves updated_at only on real changes, so updated_after lists exactly what changed', async () => {
    const c = await write(owner, (tx, ctx) => createConversation(tx, ctx, { title: 'Tracked', sources: [{ type: 'text', content: 'x' }] }));
    await db.dataSource.query(`UPDATE conversations SET updated_at = now() - interval '1 hour' WHERE id = $1`, [c.id]);
    const since = new Date(Date.now() - 60_000).toISOString();
    const changed = () => catalog.listConversations(principalOf(owner), LIST_CONVERSATIONS_PARAMS.fromQueryString({ status: 'all', updated_after: since }));
    expect((await changed()).data.map((x) => x.id)).not.toContain(c.id);
    await write(owner, (tx, ctx) => updateConversation(tx, ctx, c.id, { title: 'Tracked' }));
    expect((await changed()).data.map((x) => x.id)).not.toContain(c.id);
    await write(owner, (tx, ctx) => updateConversation(tx, ctx, c.id, { visibility: 'workspace' }));
    expect((await changed()).data.map((x) => x.id)).toContain(c.id);
  });
});
