import { type Scope } from '@cs/domain';
import { CursorCodec, PAGE_PARAMS } from '@cs/paging';
import { SqlParams } from '@cs/persistence';
import { createTestDatabase, domainErrorCode, Fixtures, type Member, principalOf, type TestDatabase } from '@cs/testing';
import { Catalog } from './catalog';
import { conversationConditions } from './conversations/conversation-conditions';
import { conversationFilters, LIST_CONVERSATIONS_PARAMS } from './conversations/conversation-filters';
import { LIST_FOLDERS_PARAMS } from './folders/list-folders.query';



const at = (iso: string) => new Date(iso);

// Parameters as the transports hand them over: validated by the schemas, typed.
const conversationsQuery = (args: Record<string, unknown>) => LIST_CONVERSATIONS_PARAMS.fromJson(args);
const foldersQuery = (args: Record<string, unknown>) => LIST_FOLDERS_PARAMS.fromJson(args);
const tagsQuery = (args: Record<string, unknown>) => PAGE_PARAMS.fromJson(args);

describe('Catalog against PostgreSQL', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let catalog: Catalog;
  let admin: Member;
  let member: Member;
  let outsider: Member;

  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
    catalog = new Catalog(db.dataSource, new CursorCodec('c'.repeat(40)));
    const ws = await f.workspace({ name: 'Acme' });
    admin = await f.member(ws, { role: 'admin', email: 'ada@acme.test' });
    member = await f.member(ws, { role: 'member' });
    outsider = await f.member(await f.workspace({ name: 'Globex' }), { role: 'admin' });
  });

  afterAll(() => db.drop());

  describe('GET /conversations', () => {
    let ws: Member;
    beforeAll(async () => {
      ws = await f.member(await f.workspace(), { role: 'admin' });
    });

    it('returns only ready conversations by default, newest first', async () => {
      await f.conversation(ws, { status: 'ready', createdAt: at('2026-01-01T00:00:01Z'), title: 'old' });
      await f.conversation(ws, { status: 'pending', createdAt: at('2026-01-01T00:00:02Z') });
      await f.conversation(ws, { status: 'error', terminationReason: 'not_admitted', createdAt: at('2026-01-01T00:00:03Z') });
      await f.conversation(ws, { status: 'ready', createdAt: at('2026-01-01T00:00:04Z'), title: 'new' });
      const page = await catalog.listConversations(principalOf(ws), conversationsQuery({}));
      expect(page.data.map((c) => c.title)).toEqual(['new', 'old']);
      expect(page).toMatchObject({ has_more: false, next_cursor: null });
    });

    it('returns every status with status=all and one status when named', async () => {
      expect((await catalog.listConversations(principalOf(ws), conversationsQuery({ status: 'all' }))).data).toHaveLength(4);
      const errors = await catalog.listConversations(principalOf(ws), conversationsQuery({ status: 'error' }));
      expect(errors.data.map((c) => [c.status, c.termination_reason])).toEqual([['error', 'not_admitted']]);
    });

    it('returns only conversations created strictly after created_after', async () => {
      const page = await catalog.listConversations(principalOf(ws), conversationsQuery({ status: 'all', created_after: '2026-01-01T00:00:02Z' }));
      expect(page.data.map((c) => c.created_at)).toEqual(['2026-01-01T00:00:04.000Z', '2026-01-01T00:00:03.000Z']);
    });

    it('compares created_after with its offset applied', async () => {
      const page = await catalog.listConversations(principalOf(ws), conversationsQuery({ status: 'all', created_after: '2026-01-01T01:00:03+01:00' }));
      expect(page.data.map((c) => c.created_at)).toEqual(['2026-01-01T00:00:04.000Z']);
    });
  });

  describe('visibility', () => {
    it('hides another user’s private conversation from lists and answers 404 for its id; admins see no more', async () => {
      const secret = await f.conversation(member, { visibility: 'private', title: 'member private' });
      const shared = await f.conversation(member, { visibility: 'workspace', title: 'member shared' });
      const adminView = await catalog.listConversations(principalOf(admin), conversationsQuery({ status: 'all', limit: 100 }));
      expect(adminView.data.map((c) => c.id)).toContain(shared.id);
      expect(adminView.data.map((c) => c.id)).not.toContain(secret.id);
      expect(await domainErrorCode(catalog.getConversation(principalOf(admin), secret.id))).toBe('not_found');
      expect((await catalog.getConversation(principalOf(member), secret.id)).title).toBe('member private');
    });

    it('answers the same 404 for another workspace’s conversation, an unknown id and a malformed id', async () => {
      const foreign = await f.conversation(outsider, { visibility: 'workspace' });
      expect(await domainErrorCode(catalog.getConversation(principalOf(admin), foreign.id))).toBe('not_found');
      expect(await domainErrorCode(catalog.getConversation(principalOf(admin), 'conv_00000000000000000000000000'))).toBe('not_found');
      expect(await domainErrorCode(catalog.getConversation(principalOf(admin), 'nonsense'))).toBe('not_found');
    });
  });

  describe('tags', () => {
    let ws: Member;
    let alpha: Awaited<ReturnType<Fixtures['tag']>>;
    let beta: Awaited<ReturnType<Fixtures['tag']>>;
    let suggestedOnly: Awaited<ReturnType<Fixtures['tag']>>;
    let c1: Awaited<ReturnType<Fixtures['conversation']>>;
    let c2: Awaited<ReturnType<Fixtures['conversation']>>;

    beforeAll(async () => {
      ws = await f.member(await f.workspace(), { role: 'admin' });
      beta = await f.tag(ws.workspace, { name: 'beta', color: '#00aa00' });
      alpha = await f.tag(ws.workspace, { name: 'Alpha' });
      suggestedOnly = await f.tag(ws.workspace, { name: 'gamma', description: 'Only ever suggested' });
      c1 = await f.conversation(ws, { createdAt: at('2026-02-01T00:00:00Z') });
      c2 = await f.conversation(ws, { createdAt: at('2026-02-02T00:00:00Z') });
      const c3 = await f.conversation(ws, { createdAt: at('2026-02-03T00:00:00Z') });
      await f.applyTag(c1, alpha);
      await f.applyTag(c2, beta);
      await f.applyTag(c2, alpha, { origin: 'ai', accepted: true });
      await f.applyTag(c3, suggestedOnly, { origin: 'ai', accepted: false });
    });

    it('matches conversations having any of the repeated tag_id values', async () => {
      const page = await catalog.listConversations(principalOf(ws), conversationsQuery({ tag_id: [alpha.id, beta.id] }));
      expect(page.data.map((c) => c.id)).toEqual([c2.id, c1.id]);
      const onlyBeta = await catalog.listConversations(principalOf(ws), conversationsQuery({ tag_id: beta.id }));
      expect(onlyBeta.data.map((c) => c.id)).toEqual([c2.id]);
    });

    it('never matches or shows an AI suggestion the user has not accepted', async () => {
      expect((await catalog.listConversations(principalOf(ws), conversationsQuery({ tag_id: suggestedOnly.id }))).data).toEqual([]);
      const all = await catalog.listConversations(principalOf(ws), conversationsQuery({}));
      expect(all.data.flatMap((c) => c.tags.map((t) => t.id))).not.toContain(suggestedOnly.id);
      expect(all.data.find((c) => c.id === c2.id)?.tags).toEqual([
        { id: alpha.id, name: 'Alpha', color: null },
        { id: beta.id, name: 'beta', color: '#00aa00' },
      ]);
    });

    it('answers 404 for a tag_id that is not a tag of the workspace', async () => {
      const foreign = await f.tag(outsider.workspace);
      expect(await domainErrorCode(catalog.listConversations(principalOf(ws), conversationsQuery({ tag_id: [alpha.id, foreign.id] })))).toBe('not_found');
    });

    it('lists tags by name, case-insensitively, with applied_count excluding unaccepted suggestions', async () => {
      const page = await catalog.listTags(principalOf(ws), tagsQuery({}));
      expect(page.data).toEqual([
        { id: alpha.id, name: 'Alpha', color: null, description: null, applied_count: 2 },
        { id: beta.id, name: 'beta', color: '#00aa00', description: null, applied_count: 1 },
        { id: suggestedOnly.id, name: 'gamma', color: null, description: 'Only ever suggested', applied_count: 0 },
      ]);
    });

    it('pages through tags with a cursor', async () => {
      const first = await catalog.listTags(principalOf(ws), tagsQuery({ limit: 2 }));
      expect(first.data.map((t) => t.name)).toEqual(['Alpha', 'beta']);
      const second = await catalog.listTags(principalOf(ws), tagsQuery({ limit: 2, cursor: first.next_cursor! }));
      expect(second).toMatchObject({ has_more: false, next_cursor: null });
      expect(second.data.map((t) => t.name)).toEqual(['gamma']);
    });
  });

  describe('folders', () => {
    let ws: Member;
    let other: Member;
    let root: Awaited<ReturnType<Fixtures['folder']>>;
    let child: Awaited<ReturnType<Fixtures['folder']>>;
    let grandchild: Awaited<ReturnType<Fixtures['folder']>>;
    let greatGrandchild: Awaited<ReturnType<Fixtures['folder']>>;
    let privateOfOther: Awaited<ReturnType<Fixtures['folder']>>;

    beforeAll(async () => {
      ws = await f.member(await f.workspace(), { role: 'admin' });
      other = await f.member(ws.workspace, { role: 'member' });
      root = await f.folder(ws, { name: 'Customers', createdAt: at('2026-03-01T00:00:00Z') });
      child = await f.folder(ws, { name: 'Enterprise', parentId: root.id, createdAt: at('2026-03-02T00:00:00Z') });
      grandchild = await f.folder(ws, { name: 'Initech', parentId: child.id, createdAt: at('2026-03-03T00:00:00Z') });
      greatGrandchild = await f.folder(ws, { name: 'QBR', parentId: grandchild.id, createdAt: at('2026-03-04T00:00:00Z') });
      privateOfOther = await f.folder(other, { name: 'Mine', parentId: root.id, visibility: 'private', createdAt: at('2026-03-05T00:00:00Z') });
      await f.conversation(ws, { folderId: root.id, title: 'in root' });
      await f.conversation(ws, { folderId: greatGrandchild.id, title: 'three levels down' });
      await f.conversation(ws, { title: 'workspace root' });
    });

    it('includes conversations in descendant folders at any depth by default', async () => {
      const page = await catalog.listConversations(principalOf(ws), conversationsQuery({ folder_id: root.id }));
      expect(page.data.map((c) => c.title).sort()).toEqual(['in root', 'three levels down']);
    });

    it('restricts to the immediate folder with recursive=false', async () => {
      const page = await catalog.listConversations(principalOf(ws), conversationsQuery({ folder_id: root.id, recursive: false }));
      expect(page.data.map((c) => c.title)).toEqual(['in root']);
    });

    it("filters on no column conversations_status_list_idx lacks, so a narrowed search reads what they allow from the index alone", async () => {
      const tag = await f.tag(ws.workspace);
      const params = LIST_CONVERSATIONS_PARAMS.fromJson({ folder_id: root.id, tag_id: [tag.id], created_after: '2026-01-01T00:00:00Z' });
      const where = await conversationConditions(db.dataSource, principalOf(ws), conversationFilters(params.values), new SqlParams());
      const used = new Set([...where.join(' AND ').matchAll(/\bc\.(\w+)/g)].map((m) => m[1]!));
      const rows: { column: string }[] = await db.dataSource.query(
        `SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
         WHERE i.indexrelid = 'conversations_status_list_idx'::regclass`,
      );
      const covered = new Set(rows.map((row) => row.column));
      expect([...used].filter((column) => !covered.has(column))).toEqual([]);
      expect(used).toEqual(new Set(['id', 'workspace_id', 'owner_id', 'visibility', 'status', 'created_at', 'folder_id']));
    });

    it('answers 404 for an unknown, foreign or invisible folder_id', async () => {
      const foreign = await f.folder(outsider);
      expect(await domainErrorCode(catalog.listConversations(principalOf(ws), conversationsQuery({ folder_id: foreign.id })))).toBe('not_found');
      expect(await domainErrorCode(catalog.listConversations(principalOf(ws), conversationsQuery({ folder_id: privateOfOther.id })))).toBe('not_found');
      expect(await domainErrorCode(catalog.listFolders(principalOf(ws), foldersQuery({ folder_id: 'fld_nope' })))).toBe('not_found');
    });

    it('lists visible folders newest first', async () => {
      const page = await catalog.listFolders(principalOf(ws), foldersQuery({}));
      expect(page.data.map((x) => x.name)).toEqual(['QBR', 'Initech', 'Enterprise', 'Customers']);
      expect(page.data[1]).toEqual({ id: grandchild.id, name: 'Initech', parent_id: child.id, created_at: '2026-03-03T00:00:00.000Z' });
    });

    it('lists every descendant of folder_id by default and direct children with recursive=false', async () => {
      const all = await catalog.listFolders(principalOf(other), foldersQuery({ folder_id: root.id }));
      expect(all.data.map((x) => x.name)).toEqual(['Mine', 'QBR', 'Initech', 'Enterprise']);
      const direct = await catalog.listFolders(principalOf(other), foldersQuery({ folder_id: root.id, recursive: false }));
      expect(direct.data.map((x) => x.name)).toEqual(['Mine', 'Enterprise']);
    });
  });

  describe('pagination', () => {
    let ws: Member;
    beforeAll(async () => {
      ws = await f.member(await f.workspace(), { role: 'admin' });
      // 7 conversations sharing one created_at: only the id can order them.
      for (let i = 0; i < 7; i++) await f.conversation(ws, { createdAt: at('2026-04-01T00:00:00Z') });
      for (let i = 0; i < 5; i++) await f.conversation(ws, { createdAt: at(`2026-04-0${i + 2}T00:00:00Z`) });
    });

    it('walks every page without duplicates or gaps, ties broken by id', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await catalog.listConversations(principalOf(ws), conversationsQuery({ limit: 3, cursor }));
        seen.push(...page.data.map((c) => c.id));
        cursor = page.next_cursor ?? undefined;
        expect(page.has_more).toBe(cursor !== undefined);
      } while (cursor);
      const expected = (await catalog.listConversations(principalOf(ws), conversationsQuery({ limit: 100 }))).data.map((c) => c.id);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(12);
    });

    it('continues with the cursor’s filters and refuses a cursor with different filters', async () => {
      const first = await catalog.listConversations(principalOf(ws), conversationsQuery({ limit: 2, status: 'all' }));
      const next = await catalog.listConversations(principalOf(ws), conversationsQuery({ cursor: first.next_cursor! }));
      expect(next.data).toHaveLength(10);
      expect(await domainErrorCode(catalog.listConversations(principalOf(ws), conversationsQuery({ cursor: first.next_cursor!, status: 'ready' })))).toBe('invalid_cursor');
      expect(await domainErrorCode(catalog.listConversations(principalOf(ws), conversationsQuery({ cursor: first.next_cursor!, status: 'all', limit: 5 })))).toBe('resolved');
    });

    it('refuses a conversations cursor at the folders endpoint and another user’s cursor', async () => {
      const first = await catalog.listConversations(principalOf(ws), conversationsQuery({ limit: 2 }));
      expect(await domainErrorCode(catalog.listFolders(principalOf(ws), foldersQuery({ cursor: first.next_cursor! })))).toBe('invalid_cursor');
      expect(await domainErrorCode(catalog.listConversations(principalOf(admin), conversationsQuery({ cursor: first.next_cursor! })))).toBe('invalid_cursor');
    });
  });

  describe('retrieve and /me', () => {
    it('returns the summary and full sources in order; lists carry SourceLite only', async () => {
      const conv = await f.conversation(admin, { summary: 'Overview.\n\n## Topics\n- One' });
      await f.source(conv, { type: 'transcript' });
      await f.source(conv, { type: 'document', content: '# Agenda' });
      const full = await catalog.getConversation(principalOf(admin), conv.id);
      expect(full.summary).toBe('Overview.\n\n## Topics\n- One');
      expect(full.sources.map((s) => s.type)).toEqual(['transcript', 'document']);
      expect(full.sources[0]).toMatchObject({ participants: [{ name: 'Ada' }, { name: 'Speaker 2' }], attendees: ['ada@example.test'], language: 'eng' });
      expect(full.sources[1]).toMatchObject({ participants: [], attendees: [], duration_seconds: null, language: null, meeting_url: null });
      const listed = (await catalog.listConversations(principalOf(admin), conversationsQuery({ limit: 100 }))).data.find((c) => c.id === conv.id)!;
      expect(listed).not.toHaveProperty('summary');
      expect(listed).not.toHaveProperty('action_items');
      expect(listed.sources).toEqual(full.sources.map(({ id, type, duration_seconds, language }) => ({ id, type, duration_seconds, language })));
    });

    it('returns the action items processing stored, and none for a conversation without any', async () => {
      const conv = await f.conversation(admin, { summary: 'Overview.' });
      const source = await f.source(conv, { type: 'transcript' });
      const item = { text: 'write the migration plan', owner: 'Tom', due: 'by Friday', source_id: source.id, start_seconds: 60 };
      await db.dataSource.query(`UPDATE conversations SET action_items = $2::jsonb WHERE id = $1`, [conv.id, JSON.stringify([item])]);
      expect((await catalog.getConversation(principalOf(admin), conv.id)).action_items).toEqual([item]);
      const plain = await f.conversation(admin, {});
      expect((await catalog.getConversation(principalOf(admin), plain.id)).action_items).toEqual([]);
    });

    it('returns the email only when the email scope was granted', async () => {
      expect(await catalog.getMe(principalOf(admin))).toEqual({ user_id: admin.user.id, email: 'ada@acme.test', workspace_id: admin.workspace.id, workspace_name: 'Acme' });
      expect((await catalog.getMe(principalOf(admin, new Set<Scope>(['conversations:read'])))).email).toBeNull();
    });
  });
});
