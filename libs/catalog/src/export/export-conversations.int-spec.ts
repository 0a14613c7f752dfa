import type { Principal } from '@cs/domain';
import { domainErrorCode, type Fixtures, type Member, principalOf, seededRandom, type TestDatabase } from '@cs/testing';
import type { Catalog } from '../catalog';
import { catalogTestbed } from '../test-support/catalog-testbed';
import { LIST_CONVERSATIONS_PARAMS } from '../conversations/conversation-filters';
import { LIST_SEGMENTS_PARAMS } from '../sources/list-segments.query';
import { EXPORT_LIMITS, EXPORT_PARAMS, type ExportLine } from './export.schema';

type ConversationLine = Extract<ExportLine, { type: 'conversation' }>;

const TRANSCRIPT = {
  segments: [
    { speaker: 'Speaker 1', start_seconds: 0, end_seconds: 9.5, text: 'Shall we start?' },
    { speaker: 'Speaker 2', start_seconds: 10, end_seconds: 19.9, text: 'Is the copy final?' },
  ],
  speaker_names: { 'Speaker 1': 'Ada Lovelace' },
};

describe('GET /export against PostgreSQL', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let catalog: Catalog;
  // The owner of most conversations, a colleague (an admin) of the same workspace, a member of another one.
  let owner: Member, colleague: Member, stranger: Member;
  /** Ids of what the owner can see, oldest first. */
  let ownerSees: string[];
  let colleagueSees: string[];

  const read = async (who: Member, args: Record<string, unknown> = {}, stopAfter = Infinity): Promise<ExportLine[]> => {
    const lines: ExportLine[] = [];
    for await (const line of await catalog.exportConversations(principalOf(who), EXPORT_PARAMS.fromJson(args))) {
      lines.push(line);
      if (lines.length >= stopAfter) break;
    }
    return lines;
  };
  const conversationsOf = (lines: ExportLine[]) => lines.filter((l): l is ConversationLine => l.type === 'conversation');
  const idsOf = (lines: ExportLine[]) => conversationsOf(lines).map((l) => l.conversation.id);

  beforeAll(async () => {
    ({ db, f, catalog, owner, colleague } = await catalogTestbed());
    stranger = await f.member(await f.workspace());
    // More than a batch, many created in the same millisecond (ties broken by id across the batch boundary), some
    // private, some of the colleague's, some in error or pending.
    const start = Date.parse('2026-10-01T00:00:00Z');
    const made: { id: string; by: Member; private: boolean; at: number }[] = [];
    const rng = seededRandom(36);
    for (let i = 0; i < EXPORT_LIMITS.batchConversations + 40; i++) {
      const by = i % 7 === 3 ? colleague : owner;
      const isPrivate = i % 5 === 1;
      const at = start + Math.floor(i / 60) * 1000;
      const status = i % 11 === 4 ? 'error' : i % 13 === 6 ? 'pending' : 'ready';
      const conversation = await f.conversation(by, { visibility: isPrivate ? 'private' : 'workspace', createdAt: new Date(at), status });
      if (rng() < 0.3) await f.source(conversation, { input: TRANSCRIPT });
      if (rng() < 0.2) await f.source(conversation, { type: 'document' });
      made.push({ id: conversation.id, by, private: isPrivate, at });
    }
    await f.conversation(stranger, { createdAt: new Date(start) });
    const order = [...made].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    ownerSees = order.filter((c) => c.by === owner || !c.private).map((c) => c.id);
    colleagueSees = order.filter((c) => c.by === colleague || !c.private).map((c) => c.id);
  });

  afterAll(() => db.drop());

  it('gives every conversation the caller can see, oldest first, whatever its status, then the end line', async () => {
    const lines = await read(owner);
    expect(idsOf(lines)).toEqual(ownerSees);
    expect(lines[lines.length - 1]).toEqual({ type: 'end', exported: ownerSees.length });
    // A member never gets another member's private conversation, an admin no more than a member, nobody another workspace's.
    expect(idsOf(await read(colleague))).toEqual(colleagueSees);
    expect(idsOf(await read(stranger))).toHaveLength(1);
  });

  it('writes each conversation as the retrieve response gives it, each transcript with its segments as the segments endpoint gives them', async () => {
    const principal = principalOf(owner);
    for (const line of conversationsOf(await read(owner)).slice(0, 60)) {
      const { sources, ...rest } = line.conversation;
      const retrieved = await catalog.getConversation(principal, line.conversation.id);
      expect({ ...rest, sources: sources.map(({ segments: _segments, ...source }) => source) }).toEqual(retrieved);
      for (const source of sources) {
        if (source.type !== 'transcript') {
          expect(source.segments).toBeNull();
          continue;
        }
        const page = await catalog.listSegments(principal, line.conversation.id, source.id, LIST_SEGMENTS_PARAMS.fromJson({ limit: 1000 }));
        expect(source.segments).toEqual(page.data);
      }
    }
  });

  it('resumes after a cut at any line with exactly the lines that followed it', async () => {
    const full = conversationsOf(await read(owner));
    const rng = seededRandom(7);
    const cuts = [0, EXPORT_LIMITS.batchConversations - 1, EXPORT_LIMITS.batchConversations, full.length - 1, ...Array.from({ length: 5 }, () => Math.floor(rng() * full.length))];
    for (const cut of cuts) {
      const rest = await read(owner, { cursor: full[cut]!.cursor });
      expect(idsOf(rest)).toEqual(full.slice(cut + 1).map((l) => l.conversation.id));
      expect(rest[rest.length - 1]).toEqual({ type: 'end', exported: full.length - cut - 1 });
    }
  });

  it('keeps the filters it was started with when resumed; another filter, caller or route refuses the cursor', async () => {
    const errors = conversationsOf(await read(owner, { status: 'error' }));
    expect(errors.length).toBeGreaterThan(2);
    const rest = await read(owner, { cursor: errors[0]!.cursor });
    expect(idsOf(rest)).toEqual(errors.slice(1).map((l) => l.conversation.id));
    expect(idsOf(await read(owner, { cursor: errors[0]!.cursor, status: 'error' }))).toEqual(idsOf(rest));
    await expect(domainErrorCode(read(owner, { cursor: errors[0]!.cursor, status: 'ready' }))).resolves.toBe('invalid_cursor');
    await expect(domainErrorCode(read(colleague, { cursor: errors[0]!.cursor }))).resolves.toBe('invalid_cursor');
    const listPage = await catalog.listConversations(principalOf(owner), LIST_CONVERSATIONS_PARAMS.fromJson({ limit: 1 }));
    await expect(domainErrorCode(read(owner, { cursor: listPage.next_cursor }))).resolves.toBe('invalid_cursor');
    await expect(domainErrorCode(read(owner, { cursor: 'forged.cursor' }))).resolves.toBe('invalid_cursor');
  });

  it('applies the list\'s filters, and refuses a folder the caller cannot see before the first line', async () => {
    const folder = await f.folder(owner, { visibility: 'private' });
    const filed = await f.conversation(owner, { folderId: folder.id, createdAt: new Date('2026-11-01T00:00:00Z') });
    expect(idsOf(await read(owner, { folder_id: folder.id }))).toEqual([filed.id]);
    expect(idsOf(await read(owner, { created_after: '2026-10-31T00:00:00Z' }))).toEqual([filed.id]);
    await expect(domainErrorCode(read(colleague, { folder_id: folder.id }))).resolves.toBe('not_found');
    await db.dataSource.query('DELETE FROM conversations WHERE id = $1', [filed.id]);
  });

  it('under concurrent writes: each line whole; what was deleted before its turn is skipped, what was created meanwhile follows', async () => {
    const principal: Principal = principalOf(owner);
    const stream = (await catalog.exportConversations(principal, EXPORT_PARAMS.fromJson({})))[Symbol.asyncIterator]();
    const first = (await stream.next()).value as ConversationLine;
    expect(first.conversation.id).toBe(ownerSees[0]);
    // Written while the export is under way: one conversation not yet sent is deleted, one already sent renamed, one created.
    const doomed = ownerSees[ownerSees.length - 3]!;
    await db.dataSource.query('DELETE FROM conversations WHERE id = $1', [doomed]);
    await db.dataSource.query("UPDATE conversations SET title = 'Renamed', updated_at = now() WHERE id = $1", [first.conversation.id]);
    const created = await f.conversation(owner, { title: 'Created during the export' });
    const rest: ExportLine[] = [];
    for (let next = await stream.next(); !next.done; next = await stream.next()) rest.push(next.value);
    const ids = idsOf(rest);
    expect(ids).not.toContain(doomed);
    expect(ids).not.toContain(first.conversation.id);
    expect(ids[ids.length - 1]).toBe(created.id);
    expect(ids).toEqual([...ownerSees.slice(1).filter((id) => id !== doomed), created.id]);
  });
});
