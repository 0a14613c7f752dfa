import type { ApiEvent } from '@cs/api-client';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eventually } from '@cs/testing';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();
// Long enough for the feed's wait on a busy shared server.
jest.setTimeout(120_000);

const TEXT = { type: 'text' as const, content: 'We agreed to ship on Friday.' };

describe('GET /api/v1/events and /event-types (the feed a copy follows)', () => {
  it('carries every event type the writes make, each one valid against the data schema /event-types publishes', async () => {
    const { admin: owner, member: colleague } = await env.world();
    const catalog = await colleague.client.eventTypes();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const schemas = new Map(catalog.data.map((t) => [t.type, ajv.compile(t.data_schema)]));

    const ownerStart = await owner.client.latestEvent();
    const colleagueStart = await colleague.client.latestEvent();
    const conversation = await owner.client.createConversation({ title: 'Plan', visibility: 'workspace', sources: [TEXT] });
    await owner.client.updateConversation(conversation.id, { title: 'Plan v2' });
    const tag = await colleague.client.createTag({ name: 'Launch' });
    await owner.client.applyTag(conversation.id, tag.id);
    await colleague.client.updateTag(tag.id, { name: 'Launches' });
    const folder = await owner.client.createFolder({ name: 'Customers' });
    await owner.client.updateFolder(folder.id, { name: 'Clients' });
    await owner.client.updateFolder(folder.id, { visibility: 'private' });
    await owner.client.deleteFolder(folder.id);
    await owner.client.updateConversation(conversation.id, { visibility: 'private' });
    await colleague.client.deleteTag(tag.id);
    await owner.client.deleteConversation(conversation.id);

    const all = async (client: typeof owner.client, start: ApiEvent | null) => {
      const events: ApiEvent[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listEvents({ limit: 5, ...(cursor ? { cursor } : start ? { after: start.id } : {}) });
        events.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return events;
    };
    // The feed serves an event once every older transaction of the database server has ended: on a shared test server
    // another suite's transaction may hold it back for a moment.
    const ownerEvents = await eventually(() => all(owner.client, ownerStart), (events) => events.length >= 12, 90_000);
    const colleagueEvents = await eventually(() => all(colleague.client, colleagueStart), (events) => events.length >= 10, 90_000);
    for (const event of [...ownerEvents, ...colleagueEvents]) {
      const validate = schemas.get(event.type)!;
      expect({ type: event.type, valid: validate(event.data), errors: validate.errors ?? null }).toEqual({ type: event.type, valid: true, errors: null });
    }
    // Both see the same first seven changes.
    const shared = ['conversation.created', 'conversation.updated', 'tag.created', 'conversation.updated', 'tag.updated', 'folder.created', 'folder.updated'];
    expect(ownerEvents.map((e) => e.type)).toEqual([...shared, 'folder.updated', 'folder.deleted', 'conversation.updated', 'tag.deleted', 'conversation.deleted']);
    // The colleague learns the conversation and the folder went private as *.hidden, and sees nothing of them after.
    expect(colleagueEvents.map((e) => e.type)).toEqual([...shared, 'folder.hidden', 'conversation.hidden', 'tag.deleted']);
    const covered = new Set([...ownerEvents, ...colleagueEvents].map((e) => e.type));
    const processingTypes = ['conversation.ready', 'conversation.failed'];
    expect(catalog.data.map((t) => t.type).filter((t) => !covered.has(t) && !processingTypes.includes(t))).toEqual([]);

    // One event by id, as each viewer sees it; the other workspace's events are 404.
    const hidden = colleagueEvents.find((e) => e.type === 'conversation.hidden')!;
    expect(await colleague.client.getEvent(hidden.id)).toEqual(hidden);
    expect((await owner.client.getEvent(hidden.id)).type).toBe('conversation.updated');
    const stranger = (await env.world()).member;
    await expect(stranger.client.getEvent(hidden.id)).rejects.toMatchObject({ status: 404 });
    expect(await stranger.client.latestEvent()).toBeNull();
  });

  it('answers a bad type or an unknown after with 400 naming it', async () => {
    const { member } = await env.world();
    await expect(member.client.request('GET', '/api/v1/events', { query: { type: 'conversation.exploded' } })).resolves.toMatchObject({
      status: 400,
      body: { code: 'invalid_parameter', invalid_params: [{ name: 'type' }] },
    });
    await expect(member.client.request('GET', '/api/v1/events', { query: { after: 'evt_nope' } })).resolves.toMatchObject({
      status: 400,
      body: { code: 'invalid_parameter', invalid_params: [{ name: 'after' }] },
    });
  });

  it('lists conversations and folders changed since updated_after', async () => {
    const { member } = await env.world();
    const before = await member.client.createConversation({ title: 'Old', sources: [TEXT] });
    const folder = await member.client.createFolder({ name: 'Old folder' });
    await env.db.dataSource.query(`UPDATE conversations SET updated_at = now() - interval '1 day' WHERE id = $1`, [before.id]);
    await env.db.dataSource.query(`UPDATE folders SET updated_at = now() - interval '1 day' WHERE id = $1`, [folder.id]);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const fresh = await member.client.createConversation({ title: 'New', sources: [TEXT] });
    expect((await member.client.listConversations({ status: 'all', updated_after: since })).data.map((c) => c.id)).toEqual([fresh.id]);
    expect((await member.client.listFolders({ updated_after: since })).data).toEqual([]);
    await member.client.updateFolder(folder.id, { name: 'Renamed' });
    expect((await member.client.listFolders({ updated_after: since })).data.map((f) => f.id)).toEqual([folder.id]);
  });
});
