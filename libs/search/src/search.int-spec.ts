import { API_KEY_SCOPES, DomainError, type Principal } from '@cs/domain';
import { CursorCodec } from '@cs/paging';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { indexConversations } from './indexing/index-conversations';
import { SEARCH_PARAMS } from './query/search-params';
import { Search } from './search';

const asPrincipal = (m: Member): Principal => ({
  via: 'api_key',
  userId: m.user.id,
  workspaceId: m.workspace.id,
  tenantId: m.workspace.tenantId,
  role: m.role,
  scopes: API_KEY_SCOPES,
  credentialId: 'key_test',
});

describe('search against PostgreSQL', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let search: Search;
  let ada: Member;

  const find = (member: Member, args: Record<string, unknown>) => search.search(asPrincipal(member), SEARCH_PARAMS.fromJson(args));

  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
    search = new Search(db.dataSource, new CursorCodec('s'.repeat(40)));
    ada = await f.member(await f.workspace(), { role: 'admin' });
  });

  afterAll(() => db.drop());

  it('finds a transcript turn and says who said it and when', async () => {
    const c = await f.conversation(ada, { title: 'Weekly sync', digest: null, summary: null });
    await f.source(c, { content: '[00:00:01] Ada: Hello everyone.\n[00:01:05] Grace: The compiler budget is tight.' });
    await indexConversations(db.dataSource, [c.id]);
    const page = await find(ada, { q: 'budget' });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]!.matches).toEqual([
      expect.objectContaining({ field: 'content', source_type: 'transcript', speaker: 'Grace', start_seconds: 65, snippet: 'The compiler **budget** is tight.' }),
    ]);
  });

  it('refuses a query of only operators', () => {
    expect(() => SEARCH_PARAMS.fromJson({ q: ' - OR () "" -x' })).toThrow(DomainError);
  });
});
