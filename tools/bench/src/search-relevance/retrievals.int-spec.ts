import { poolQueryable } from '@cs/persistence';
import { indexConversations } from '@cs/search';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { Pool } from 'pg';
import { Bm25Retrieval } from './bm25-retrieval';
import { StrictRetrieval } from './strict-retrieval';

const DESIGN = [
  '[00:00:01] Ada: The remote control needs rubber buttons.',
  '[00:00:09] Bob: Batteries should last a year at least.',
  '[00:00:20] Ada: Lithium batteries cost more than the plastic case.',
].join('\n');
const TELEVISION = ['[00:00:02] Cy: Buttons on the television set are too small.', '[00:00:07] Di: The screen looks fine.'].join('\n');
const BUDGET = ['[00:00:03] Ed: The budget for next quarter is tight.', '[00:00:11] Fay: Marketing wants more.'].join('\n');

describe('search-relevance retrievals (over passages indexed by @cs/search)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let member: Member;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new Pool({ connectionString: db.url, max: 2 });
    const fixtures = new Fixtures(db.dataSource);
    member = await fixtures.member(await fixtures.workspace(), { role: 'admin' });
    const stranger = await fixtures.member(await fixtures.workspace(), { role: 'admin' });
    const conversation = async (owner: Member, name: string, content: string) => {
      const row = await fixtures.conversation(owner, { title: `Meeting ${name}`, digest: null, summary: null });
      await fixtures.source(row, { content });
      ids[name] = row.id;
    };
    await conversation(member, 'design', DESIGN);
    await conversation(member, 'television', TELEVISION);
    await conversation(member, 'budget', BUDGET);
    // Another tenant's meeting holding the same words: no retrieval of the first workspace may see it.
    await conversation(stranger, 'elsewhere', DESIGN);
    await indexConversations(poolQueryable(pool), Object.values(ids));
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  describe('StrictRetrieval', () => {
    it('matches a passage holding every word of the query, with its start second', async () => {
      const strict = await StrictRetrieval.load(poolQueryable(pool), member.workspace.id);
      expect(await strict.search('rubber buttons')).toEqual({ conversations: [{ id: ids['design'], matchStarts: [1] }] });
    });

    it('finds nothing when the words are spread over passages', async () => {
      const strict = await StrictRetrieval.load(poolQueryable(pool), member.workspace.id);
      expect((await strict.search('rubber lithium')).conversations).toEqual([]);
    });
  });

  describe('Bm25Retrieval', () => {
    it('ranks the meeting whose passages hold the words spread over them first, its best passages as its matches', async () => {
      const bm25 = await Bm25Retrieval.load(poolQueryable(pool), member.workspace.id);
      const answer = bm25.search('rubber lithium buttons');
      expect(answer.conversations[0]?.id).toBe(ids['design']);
      expect([...(answer.conversations[0]?.matchStarts ?? [])].sort()).toEqual([1, 20]);
      expect(answer.conversations.map((c) => c.id)).toEqual([ids['design'], ids['television']]);
    });

    it("reads only the workspace's passages", async () => {
      const bm25 = await Bm25Retrieval.load(poolQueryable(pool), member.workspace.id);
      expect(bm25.search('batteries').conversations.map((c) => c.id)).toEqual([ids['design']]);
    });
  });
});
