import { SearchBudget } from '@cs/catalog';
import { type Principal } from '@cs/domain';
import { requestProcessing } from '@cs/events';
import { CursorCodec } from '@cs/paging';
import { Search, SEARCH_PARAMS } from '@cs/search';
import { createTestDatabase, Fixtures, type Member, type TestDatabase, principalOf } from '@cs/testing';
import { ProcessingStore } from './processing.store';

/* Search freshness (docs/search.md): a conversation becomes searchable in the transaction that makes it ready. */
describe('ProcessingStore indexes for search (real Postgres)', () => {
  let db: TestDatabase;
  let fixtures: Fixtures;
  let store: ProcessingStore;
  let search: Search;
  let owner: Member;
  let principal: Principal;

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    store = new ProcessingStore(db.dataSource);
    search = new Search(SearchBudget.unlimited(db.dataSource), new CursorCodec('s'.repeat(40)));
    owner = await fixtures.member(await fixtures.workspace());
    principal = principalOf(owner);
  });

  afterAll(() => db.drop());

  const found = async (q: string, status = 'ready') =>
    (await search.search(principal, SEARCH_PARAMS.fromJson({ q, status }))).data.map((hit) => hit.conversation.id);

  const sendToProcessing = (id: string) => db.dataSource.transaction((m) => requestProcessing(m, { id, workspaceId: owner.workspace.id }, null));

  it('is not searchable while pending, and is when saveReady commits; a new source is searchable after the next one', async () => {
    const conversation = await fixtures.conversation(owner, { status: 'pending', summary: null, digest: null, title: 'Launch sync' });
    const first = await fixtures.source(conversation, { type: 'text', content: null });
    let generation = await sendToProcessing(conversation.id);
    expect(await found('wombat', 'all')).toEqual([]);

    const firstResult = { id: first.id, content: 'The wombat ships on Tuesday.', participants: [], language: 'eng', durationSeconds: null };
    await store.saveReady(conversation.id, generation, { sources: [firstResult], summary: 'Wombats ship.', digest: null, sections: [], actionItems: [], suggestedTagIds: [] }, null);
    expect(await found('wombat')).toEqual([conversation.id]);

    // A new source sends it back to processing: its last indexed content stays findable with status=all meanwhile.
    const second = await fixtures.source(conversation, { type: 'text', content: null });
    generation = await sendToProcessing(conversation.id);
    expect(await found('platypus', 'all')).toEqual([]);
    expect(await found('wombat', 'all')).toEqual([conversation.id]);

    const secondResult = { id: second.id, content: 'The platypus follows.', participants: [], language: 'eng', durationSeconds: null };
    await store.saveReady(conversation.id, generation, { sources: [firstResult, secondResult], summary: 'Both ship.', digest: null, sections: [], actionItems: [], suggestedTagIds: [] }, null);
    expect(await found('platypus')).toEqual([conversation.id]);
    expect(await found('wombat')).toEqual([conversation.id]);
  });
});
