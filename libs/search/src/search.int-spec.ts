import { Catalog, LIST_CONVERSATIONS_PARAMS, MAX_PHRASE_WORDS, MAX_QUERY_WORDS, SearchBudget } from '@cs/catalog';
import { DomainError } from '@cs/domain';
import { CursorCodec } from '@cs/paging';
import type { RowQueryable } from '@cs/persistence';
import { type ConversationRow, createTestDatabase, Fixtures, HOSTILE_LINES, INERT_SNIPPET_TAGS, MARKDOWN_RENDERERS, type Member, principalOf, tagsOf, type TestDatabase, visibleText } from '@cs/testing';
import { indexConversations } from './indexing/index-conversations';
import { MAX_MATCHES_PER_HIT, type SearchHit } from './query/search-hit.schema';
import { SNIPPET_MAX_WORDS } from './query/snippet';
import { SEARCH_PARAMS } from './query/search-params';
import { CONTENT_CANDIDATES } from './query/search.query';
import { Search } from './search';


async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string; params: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, params: error.extras.invalidParams };
    throw error;
  }
  throw new Error('expected a DomainError');
}

const transcript = (...turns: [number, string, string][]) =>
  turns.map(([second, speaker, text]) => `[${new Date(second * 1000).toISOString().slice(11, 19)}] ${speaker}: ${text}`).join('\n');

// Each test builds its own workspace and indexes its own meetings; on a busy machine that takes a few seconds.
jest.setTimeout(30_000);

describe('search against PostgreSQL', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let search: Search;

  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
    search = new Search(SearchBudget.unlimited(db.dataSource), new CursorCodec('s'.repeat(40)));
  });

  afterAll(() => db.drop());

  // async: a parameter error rejects the promise, as it does for a caller of the api.
  const find = async (member: Member, args: Record<string, unknown>) => search.search(principalOf(member), SEARCH_PARAMS.fromJson(args));
  const titlesFound = async (member: Member, args: Record<string, unknown>) => (await find(member, args)).data.map((hit) => hit.conversation.title);

  /** Records the statements a search or list runs, to EXPLAIN them afterwards. */
  function recording(inner: RowQueryable): { db: RowQueryable; statements: { sql: string; params: unknown[] }[] } {
    const statements: { sql: string; params: unknown[] }[] = [];
    return {
      statements,
      db: {
        query: (sql, params) => {
          statements.push({ sql, params: params ?? [] });
          return inner.query(sql, params);
        },
      },
    };
  }

  /** A workspace with one admin: each test builds its own, so tests share no data. */
  const someone = async () => f.member(await f.workspace(), { role: 'admin' });

  /** A ready conversation with one source, indexed as processing would index it. */
  async function meeting(
    owner: Member,
    title: string,
    content: string,
    over: Parameters<Fixtures['conversation']>[1] & { type?: 'transcript' | 'document' | 'text' | 'file'; language?: string | null } = {},
  ): Promise<ConversationRow> {
    const { type, language, ...conversation } = over;
    const c = await f.conversation(owner, { title, digest: null, summary: null, ...conversation });
    await f.source(c, { type: type ?? 'transcript', content, language: language === undefined ? 'eng' : language });
    await indexConversations(db.dataSource, [c.id]);
    return c;
  }

  describe('relevance', () => {
    it('phrase: "quoted words" match only next to each other, in that order', async () => {
      const ada = await someone();
      await meeting(ada, 'adjacent', transcript([1, 'Ada', 'We fixed the launch date yesterday.']));
      await meeting(ada, 'apart', transcript([1, 'Ada', 'The date of the launch is open.']));
      expect(await titlesFound(ada, { q: '"launch date"' })).toEqual(['adjacent']);
      expect((await titlesFound(ada, { q: 'launch date' })).sort()).toEqual(['adjacent', 'apart']);
    });

    it('exclusion: a -word removes passages that contain it', async () => {
      const ada = await someone();
      await meeting(ada, 'budget only', transcript([1, 'Ada', 'The budget is approved.']));
      await meeting(ada, 'budget and marketing', transcript([1, 'Ada', 'The marketing budget is approved.']));
      expect(await titlesFound(ada, { q: 'budget -marketing' })).toEqual(['budget only']);
    });

    it('OR: either word matches; without it both are needed', async () => {
      const ada = await someone();
      await meeting(ada, 'apples', transcript([1, 'Ada', 'We ordered apples.']));
      await meeting(ada, 'pears', transcript([1, 'Ada', 'We ordered pears.']));
      await meeting(ada, 'plums', transcript([1, 'Ada', 'We ordered plums.']));
      expect((await titlesFound(ada, { q: 'apples OR pears' })).sort()).toEqual(['apples', 'pears']);
      expect(await titlesFound(ada, { q: 'apples pears' })).toEqual([]);
    });

    it('stemming (English): other forms of a word match', async () => {
      const ada = await someone();
      await meeting(ada, 'english', transcript([1, 'Ada', 'Both meetings were postponed.']));
      expect(await titlesFound(ada, { q: 'meeting postpone' })).toEqual(['english']);
    });

    it('stemming (German): "Häuser" and "Haus" are one word, in a German source', async () => {
      const ada = await someone();
      await meeting(ada, 'deutsch', transcript([1, 'Ada', 'Wir haben die Häuser besichtigt.']), { language: 'deu' });
      expect(await titlesFound(ada, { q: 'Haus' })).toEqual(['deutsch']);
    });

    it('stemming (French): "réunion" finds "réunions", in a French source', async () => {
      const ada = await someone();
      await meeting(ada, 'français', transcript([1, 'Ada', 'Les réunions du lundi sont annulées.']), { language: 'fra' });
      expect(await titlesFound(ada, { q: 'réunion annulées' })).toEqual(['français']);
      expect(await titlesFound(ada, { q: 'REUNION' })).toEqual(['français']);
    });

    it('stemming (Spanish, Italian, Portuguese, Dutch): each language stems its own words', async () => {
      const ada = await someone();
      await meeting(ada, 'es', transcript([1, 'Ada', 'Las reuniones fueron canceladas.']), { language: 'spa' });
      await meeting(ada, 'it', transcript([1, 'Ada', 'Le riunioni sono state cancellate.']), { language: 'ita' });
      await meeting(ada, 'pt', transcript([1, 'Ada', 'Os contratos foram assinados.']), { language: 'por' });
      await meeting(ada, 'nl', transcript([1, 'Ada', 'De vergaderingen zijn geannuleerd.']), { language: 'nld' });
      expect(await titlesFound(ada, { q: 'reunión' })).toEqual(['es']);
      expect(await titlesFound(ada, { q: 'riunione' })).toEqual(['it']);
      expect(await titlesFound(ada, { q: 'contrato assinado' })).toEqual(['pt']);
      expect(await titlesFound(ada, { q: 'vergadering' })).toEqual(['nl']);
    });

    it('no stemming for a language without a stemmer: only the word as written (case and accents aside) matches', async () => {
      const ada = await someone();
      await meeting(ada, 'finnish', transcript([1, 'Ada', 'Meetings kokous talossa.']), { language: 'fin' });
      expect(await titlesFound(ada, { q: 'talossa' })).toEqual(['finnish']);
      expect(await titlesFound(ada, { q: 'talo' })).toEqual([]);
      expect(await titlesFound(ada, { q: 'meeting' })).toEqual([]);
      expect(await titlesFound(ada, { q: 'MEETINGS' })).toEqual(['finnish']);
    });

    it('diacritics and case: "cafe" finds "Café" and "CAFÉ" finds "cafe"', async () => {
      const ada = await someone();
      await meeting(ada, 'accented', transcript([1, 'Ada', 'The Café opens at nine.']));
      await meeting(ada, 'plain', transcript([1, 'Ada', 'The cafe closes at six.']));
      expect((await titlesFound(ada, { q: 'cafe' })).sort()).toEqual(['accented', 'plain']);
      expect((await titlesFound(ada, { q: 'CAFÉ' })).sort()).toEqual(['accented', 'plain']);
    });

    it('transcript hit: the speaker turn, who said it and the second it starts at', async () => {
      const ada = await someone();
      await meeting(ada, 'sync', transcript([1, 'Ada', 'Hello everyone.'], [3723, 'Grace Hopper', 'The compiler budget is tight.']));
      const [hit] = (await find(ada, { q: 'compiler' })).data;
      expect(hit?.matches).toEqual([
        {
          source_id: expect.stringMatching(/^src_/),
          source_type: 'transcript',
          field: 'content',
          speaker: 'Grace Hopper',
          start_seconds: 3723,
          snippet: 'The **compiler** budget is tight\\.',
        },
      ]);
    });

    it('title outranks a passing mention', async () => {
      const ada = await someone();
      const createdAt = new Date('2026-01-01T00:00:00Z');
      await meeting(ada, 'Weekly sync', transcript([1, 'Ada', 'By the way, the roadmap needs an owner.']), { createdAt: new Date('2026-02-01T00:00:00Z') });
      await meeting(ada, 'Roadmap review', transcript([1, 'Ada', 'Let us start.']), { createdAt });
      const page = await find(ada, { q: 'roadmap' });
      expect(page.data.map((hit) => hit.conversation.title)).toEqual(['Roadmap review', 'Weekly sync']);
      expect(page.data[0]!.score).toBeGreaterThan(page.data[1]!.score);
      expect(page.data[0]!.matches[0]).toMatchObject({ field: 'title', source_id: null, source_type: null, speaker: null, start_seconds: null });
    });

    it('title outranks a passing mention even when more content passages match than a search ranks', async () => {
      const ada = await someone();
      const turns = Array.from({ length: CONTENT_CANDIDATES + 50 }, (_, i): [number, string, string] => [i, 'Ada', `Item ${i}: the okapi again.`]);
      await meeting(ada, 'Long talk', transcript(...turns), { createdAt: new Date('2026-02-01T00:00:00Z') });
      await meeting(ada, 'Okapi plan', transcript([1, 'Ada', 'Let us start.']), { createdAt: new Date('2026-01-01T00:00:00Z') });
      const page = await find(ada, { q: 'okapi' });
      expect(page.data.map((hit) => hit.conversation.title)).toEqual(['Okapi plan', 'Long talk']);
      expect(page.data[0]!.matches[0]).toMatchObject({ field: 'title' });
      expect(page.data[1]!.matches).toHaveLength(5);
    });

    it('searches digests, summaries and every source type, file text included', async () => {
      const ada = await someone();
      const c = await f.conversation(ada, { title: 'Everything', digest: 'Zeppelin launch.', summary: 'Overview.\n\n## Decisions\n- Buy a zeppelin.' });
      await f.source(c, { type: 'document', content: 'The zeppelin document.', language: null });
      await f.source(c, { type: 'text', content: 'A zeppelin note.', language: null });
      await f.source(c, { type: 'file', content: 'Extracted zeppelin slides.', language: null });
      await indexConversations(db.dataSource, [c.id]);
      const [hit] = (await find(ada, { q: 'zeppelin' })).data;
      expect(hit?.matches.map((m) => [m.field, m.source_type])).toEqual(
        expect.arrayContaining([
          ['digest', null],
          ['summary', null],
          ['content', 'document'],
          ['content', 'text'],
          ['content', 'file'],
        ]),
      );
      expect(hit?.matches).toHaveLength(5);
    });

    it('at most 5 matches per hit, the best first', async () => {
      const ada = await someone();
      const turns = Array.from({ length: 8 }, (_, i): [number, string, string] => [i * 10, 'Ada', `Point ${i} about the tariff.`]);
      await meeting(ada, 'Tariff talk', transcript(...turns));
      const [hit] = (await find(ada, { q: 'tariff' })).data;
      expect(hit?.matches).toHaveLength(5);
      expect(hit?.matches[0]?.field).toBe('title');
    });
  });

  describe('dense and sparse queries (the pilot walks the list order or starts from the index)', () => {
    /** EXPLAIN ANALYZE of the statement `run` issues that reads the passages' index by conversation and by words. */
    async function analysedPlan(run: (db: RowQueryable) => Promise<unknown>): Promise<string> {
      const recorder = recording(db.dataSource);
      await run(recorder.db);
      const [main] = recorder.statements.filter((s) => s.sql.includes('WITH pilot'));
      const rows: { 'QUERY PLAN': string }[] = await db.dataSource.query(`EXPLAIN (ANALYZE, COSTS OFF) ${main!.sql}`, main!.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    /** The arm of a plan under its one-time filter: `$n` for the dense (walk) arm, `(NOT $n)` for the sparse one. */
    const armRan = (plan: string, arm: 'dense' | 'sparse'): boolean => {
      const gate = arm === 'dense' ? /One-Time Filter: \$\d+\n/ : /One-Time Filter: \(NOT \$\d+\)\n/;
      const at = plan.search(gate);
      if (at < 0) throw new Error(`no ${arm} arm in\n${plan}`);
      return !/^[^\n]*\(never executed\)/.test(plan.slice(plan.indexOf('\n', at) + 1));
    };
    const listing = (member: Member, q: string) => (db: RowQueryable) =>
      new Catalog(db, new CursorCodec('s'.repeat(40))).listConversations(principalOf(member), LIST_CONVERSATIONS_PARAMS.fromJson({ q }));
    const searching = (member: Member, q: string) => (db: RowQueryable) => new Search(SearchBudget.unlimited(db), new CursorCodec('s'.repeat(40))).search(principalOf(member), SEARCH_PARAMS.fromJson({ q }));

    it('a word every one of the newest conversations holds is found by walking them, a rare one from the index first, each with its results', async () => {
      const ada = await someone();
      const at = (day: number) => ({ createdAt: new Date(Date.UTC(2026, 0, day)) });
      const turns = (n: number, text: string) => Array.from({ length: n }, (_, i): [number, string, string] => [i, 'Ada', `${text} ${i}.`]);
      const rare = await meeting(ada, 'Narwhal notes', transcript([1, 'Ada', 'A walrus and a narwhal.']), at(1));
      const many: ConversationRow[] = [];
      for (let day = 2; day <= 31; day++) many.push(await meeting(ada, `Walrus ${day}`, transcript(...turns(12, 'The walrus point')), at(day)));
      // The pilot compares the density with the table's size as the planner knows it.
      await db.dataSource.query('ANALYZE conversations');

      // "walrus": 10 counted matches in each of the 20 newest conversations, the most the pilot counts. "narwhal": none.
      const plans = {
        listWalrus: await analysedPlan(listing(ada, 'walrus')),
        listNarwhal: await analysedPlan(listing(ada, 'narwhal')),
        searchWalrus: await analysedPlan(searching(ada, 'walrus')),
        searchNarwhal: await analysedPlan(searching(ada, 'narwhal')),
      };
      for (const dense of [plans.listWalrus, plans.searchWalrus]) expect([armRan(dense, 'dense'), armRan(dense, 'sparse')]).toEqual([true, false]);
      for (const sparse of [plans.listNarwhal, plans.searchNarwhal]) expect([armRan(sparse, 'dense'), armRan(sparse, 'sparse')]).toEqual([false, true]);

      const newestFirst = [...many].reverse().map((c) => c.id);
      expect((await listing(ada, 'walrus')(db.dataSource)).data.map((c) => c.id)).toEqual(newestFirst.slice(0, 25)); // the default page
      expect((await listing(ada, 'narwhal')(db.dataSource)).data.map((c) => c.id)).toEqual([rare.id]);
      expect((await find(ada, { q: 'narwhal' })).data.map((hit) => hit.conversation.id)).toEqual([rare.id]);
      // The walk takes the newest conversations' content matches up to CONTENT_CANDIDATES (200: 12 a conversation,
      // so 17 conversations), and every "Walrus" title is a heading candidate: the 30 of them are found, and the
      // oldest conversation's single mention is beyond the bound (docs/search.md, "Ranking a bounded candidate set").
      const walrus = await find(ada, { q: 'walrus', limit: 100 });
      expect(new Set(walrus.data.map((hit) => hit.conversation.id))).toEqual(new Set(newestFirst));
    });
  });

  describe('filtered searches (a sparse query narrowed by folder, tag or date starts from the conversations holding its words)', () => {
    const plainPlan = async (member: Member, args: Record<string, unknown>): Promise<string> => {
      const recorder = recording(db.dataSource);
      await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(member), SEARCH_PARAMS.fromJson(args));
      const main = recorder.statements.find((s) => s.sql.includes('candidates AS'))!;
      const rows: { 'QUERY PLAN': string }[] = await db.dataSource.query(`EXPLAIN (ANALYZE, COSTS OFF) ${main.sql}`, main.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    /** Whether the plan read the conversations' words (a node on search_conversation_terms that ran). */
    const readTerms = (plan: string): boolean => plan.split('\n').some((line) => line.includes('search_conversation_terms') && !line.includes('never executed'));

    it('finds exactly what the filter allows, phrases and exclusions included, and reads the conversations\' words only when narrowed', async () => {
      const ada = await someone();
      const folder = await f.folder(ada);
      const tag = await f.tag(ada.workspace);
      const inFolder = await meeting(ada, 'in folder', transcript([1, 'Ada', 'The gharial budget review.'], [9, 'Ada', 'Nothing else.']), {
        folderId: folder.id,
        createdAt: new Date('2026-02-01T00:00:00Z'),
      });
      await f.applyTag(inFolder, tag);
      // Both words, never side by side: the conversation holds them, no passage holds the phrase.
      await meeting(ada, 'apart', transcript([1, 'Ada', 'A gharial.'], [5, 'Ada', 'The budget review.']), { folderId: folder.id, createdAt: new Date('2026-02-02T00:00:00Z') });
      await meeting(ada, 'elsewhere', transcript([1, 'Ada', 'The gharial budget review.']), { createdAt: new Date('2026-02-03T00:00:00Z') });
      await db.dataSource.query('ANALYZE conversations');

      expect((await titlesFound(ada, { q: 'gharial', folder_id: folder.id })).sort()).toEqual(['apart', 'in folder']);
      expect(await titlesFound(ada, { q: '"gharial budget"', folder_id: folder.id })).toEqual(['in folder']);
      expect(await titlesFound(ada, { q: 'gharial -review', folder_id: folder.id })).toEqual(['apart']);
      expect(await titlesFound(ada, { q: 'gharial', tag_id: [tag.id] })).toEqual(['in folder']);
      expect((await titlesFound(ada, { q: 'gharial', created_after: '2026-02-01T12:00:00Z' })).sort()).toEqual(['apart', 'elsewhere']);

      for (const narrowed of [{ folder_id: folder.id }, { tag_id: [tag.id] }, { created_after: '2026-02-01T12:00:00Z' }]) {
        expect(readTerms(await plainPlan(ada, { q: 'gharial', ...narrowed }))).toBe(true);
      }
      expect(readTerms(await plainPlan(ada, { q: 'gharial' }))).toBe(false);
      expect(readTerms(await plainPlan(ada, { q: 'gharial', speaker: 'Ada' }))).toBe(false);
    });

    it('takes the content candidates of the newest conversations the filter allows, as the walk does', async () => {
      const ada = await someone();
      const folder = await f.folder(ada);
      const turns = Array.from({ length: 12 }, (_, i): [number, string, string] => [i, 'Ada', `The tamarin point ${i}.`]);
      const inFolder: ConversationRow[] = [];
      for (let day = 1; day <= 30; day++) {
        inFolder.push(await meeting(ada, `Notes ${day}`, transcript(...turns), { folderId: folder.id, createdAt: new Date(Date.UTC(2026, 2, day)) }));
      }
      await meeting(ada, 'Outside the folder', transcript(...turns), { createdAt: new Date(Date.UTC(2026, 3, 1)) });
      // 12 matches a conversation: CONTENT_CANDIDATES (200) fill with the 17 newest in the folder, 16 whole and 8 of the 17th.
      const found = await find(ada, { q: 'tamarin', folder_id: folder.id, limit: 100 });
      const newest = [...inFolder].reverse().slice(0, Math.ceil(CONTENT_CANDIDATES / 12)).map((c) => c.id);
      expect(new Set(found.data.map((hit) => hit.conversation.id))).toEqual(new Set(newest));
    });

    it('takes the heading candidates from the conversations the filter allows whose headings hold the words, however old', async () => {
      const ada = await someone();
      const folder = await f.folder(ada);
      const turns = Array.from({ length: 12 }, (_, i): [number, string, string] => [i, 'Ada', `The margay point ${i}.`]);
      // The oldest conversation of the folder has the word in its title only; the content walk stops long before it.
      const titled = await meeting(ada, 'Margay review', transcript([1, 'Ada', 'Nothing of the sort.']), { folderId: folder.id, createdAt: new Date(Date.UTC(2026, 1, 1)) });
      for (let day = 1; day <= 30; day++) {
        await meeting(ada, `Notes ${day}`, transcript(...turns), { folderId: folder.id, createdAt: new Date(Date.UTC(2026, 2, day)) });
      }
      await meeting(ada, 'Margay outside', transcript([1, 'Ada', 'Nothing.']), { createdAt: new Date(Date.UTC(2026, 0, 1)) });
      await db.dataSource.query('ANALYZE conversations');

      const found = await find(ada, { q: 'margay', folder_id: folder.id, limit: 100 });
      expect(found.data[0]?.conversation.id).toBe(titled.id); // a title outranks every passing mention
      expect(found.data[0]?.matches.map((m) => m.field)).toEqual(['title']);
      expect(found.data.map((hit) => hit.conversation.title)).not.toContain('Margay outside');
      const plan = await plainPlan(ada, { q: 'margay', folder_id: folder.id });
      expect(plan).toMatch(/on search_conversation_headings/);
      expect(plan).not.toMatch(/search_passages_heading_tsv_idx/);
    });

    it("keeps a conversation's words with its passages, whoever writes them: re-indexed, added to, left without content, deleted", async () => {
      const ada = await someone();
      const folder = await f.folder(ada);
      const c = await meeting(ada, 'changing', transcript([1, 'Ada', 'The heron plan.']), { folderId: folder.id });
      const words = async () => (await db.dataSource.query(`SELECT terms::text AS terms FROM search_conversation_terms WHERE conversation_id = $1`, [c.id]))[0]?.terms;
      const headingWords = async () =>
        (await db.dataSource.query(`SELECT headings::text AS headings FROM search_conversation_headings WHERE conversation_id = $1`, [c.id]))[0]?.headings;
      expect(await words()).toMatch(/'heron'/);
      expect(await headingWords()).toMatch(/'chang'/); // the title's, stemmed
      expect(await headingWords()).not.toMatch(/'heron'/); // content is no heading

      await db.dataSource.query(`UPDATE sources SET content = $2 WHERE conversation_id = $1`, [c.id, transcript([1, 'Ada', 'The egret plan.'])]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await words()).toMatch(/'egret'/);
      expect(await words()).not.toMatch(/'heron'/);
      expect(await titlesFound(ada, { q: 'egret', folder_id: folder.id })).toEqual(['changing']);
      expect(await titlesFound(ada, { q: 'heron', folder_id: folder.id })).toEqual([]);

      // Passages written by other code than indexConversations (a previous release's, during a rollout) count too.
      await db.dataSource.query(
        `INSERT INTO search_passages (workspace_id, conversation_id, field, position, body, config, tsv)
         SELECT workspace_id, id, 'summary', 99, 'The ibis note.', 'cs_english', to_tsvector('cs_english', 'The ibis note.') FROM conversations WHERE id = $1`,
        [c.id],
      );
      expect(await words()).toMatch(/'ibi'/); // stemmed
      expect(await headingWords()).toMatch(/'ibi'/);
      expect(await titlesFound(ada, { q: 'ibis', folder_id: folder.id })).toEqual(['changing']);

      // Nothing left to index (no title, no content): no passages, and no words either.
      await db.dataSource.query(`UPDATE sources SET content = NULL WHERE conversation_id = $1`, [c.id]);
      await db.dataSource.query(`UPDATE conversations SET title = NULL WHERE id = $1`, [c.id]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await words()).toBeUndefined();
      expect(await headingWords()).toBeUndefined();

      await db.dataSource.query(`UPDATE sources SET content = $2 WHERE conversation_id = $1`, [c.id, transcript([1, 'Ada', 'The egret plan.'])]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await headingWords()).toBe(''); // content only: no heading, an empty row
      await db.dataSource.query('DELETE FROM conversations WHERE id = $1', [c.id]);
      expect(await words()).toBeUndefined();
      expect(await headingWords()).toBeUndefined();
    });
  });

  describe('snippets', () => {
    it('mark matched terms **so** and escape the text, so no marker can be forged', async () => {
      const ada = await someone();
      await meeting(ada, 'stars', transcript([1, 'Ada', 'Use **bold** or a\\b for the widget*s.']));
      const [hit] = (await find(ada, { q: 'widget' })).data;
      expect(hit?.matches[0]?.snippet).toBe('Use \\*\\*bold\\*\\* or a\\\\b for the **widget**\\*s\\.');
    });

    it('cut a long passage to an excerpt around the match', async () => {
      const ada = await someone();
      const filler = Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ');
      await meeting(ada, 'long', transcript([1, 'Ada', `${filler} quokka ${filler}`]));
      const [hit] = (await find(ada, { q: 'quokka' })).data;
      const snippet = hit?.matches[0]?.snippet ?? '';
      expect(snippet).toContain('**quokka**');
      expect(snippet.split(' ').length).toBeLessThanOrEqual(SNIPPET_MAX_WORDS);
    });

    it('mark each word of a phrase wherever it stands', async () => {
      const ada = await someone();
      await meeting(ada, 'launch', transcript([1, 'Ada', 'The launch date moved; the launch plan did not.']));
      const [hit] = (await find(ada, { q: '"launch date" -draft' })).data;
      expect(hit?.matches[0]?.snippet).toBe('The **launch** **date** moved; the **launch** plan did not\\.');
    });

    it.each(Object.keys(MARKDOWN_RENDERERS))('render in %s as the stored text, with no tag but strong, whatever markup a member stored', async (renderer) => {
      const ada = await someone();
      await meeting(ada, 'hostile', HOSTILE_LINES.map((line, i) => transcript([i, 'Mallory', line])).join('\n'));
      const page = await find(ada, { q: 'qqzzk', limit: 1 });
      const snippets = page.data.flatMap((hit) => hit.matches.map((match) => match.snippet));
      expect(snippets).toHaveLength(MAX_MATCHES_PER_HIT);
      for (const snippet of snippets) {
        const html = MARKDOWN_RENDERERS[renderer]!(snippet);
        expect(tagsOf(html)).toEqual(INERT_SNIPPET_TAGS);
        expect(HOSTILE_LINES).toContain(visibleText(html));
      }
    });
  });

  describe('visibility and isolation', () => {
    it("never counts another member's private conversation, and finds one shared with the workspace", async () => {
      const ws = await f.workspace();
      const [owner, other] = [await f.member(ws, { role: 'admin' }), await f.member(ws)];
      await meeting(owner, 'private', transcript([1, 'Ada', 'The secret walrus plan.']), { visibility: 'private' });
      await meeting(owner, 'shared', transcript([1, 'Ada', 'The public walrus plan.']), { visibility: 'workspace' });
      expect(await titlesFound(other, { q: 'walrus' })).toEqual(['shared']);
      expect((await titlesFound(owner, { q: 'walrus' })).sort()).toEqual(['private', 'shared']);
      expect(await titlesFound(other, { q: 'secret' })).toEqual([]);
    });

    it('never shows another workspace', async () => {
      const [ada, eve] = [await someone(), await someone()];
      await meeting(ada, 'ours', transcript([1, 'Ada', 'The narwhal budget.']));
      expect(await titlesFound(eve, { q: 'narwhal' })).toEqual([]);
    });

    it('a deleted conversation disappears at once (its passages cascade)', async () => {
      const ada = await someone();
      const c = await meeting(ada, 'doomed', transcript([1, 'Ada', 'The axolotl memo.']));
      expect(await titlesFound(ada, { q: 'axolotl' })).toEqual(['doomed']);
      await db.dataSource.query('DELETE FROM conversations WHERE id = $1', [c.id]);
      expect(await titlesFound(ada, { q: 'axolotl' })).toEqual([]);
      expect(await db.dataSource.query('SELECT 1 FROM search_passages WHERE conversation_id = $1', [c.id])).toEqual([]);
    });

    it('a conversation made private disappears at once for the others', async () => {
      const ws = await f.workspace();
      const [owner, other] = [await f.member(ws, { role: 'admin' }), await f.member(ws)];
      const c = await meeting(owner, 'hidden later', transcript([1, 'Ada', 'The pangolin review.']), { visibility: 'workspace' });
      expect(await titlesFound(other, { q: 'pangolin' })).toEqual(['hidden later']);
      await db.dataSource.query(`UPDATE conversations SET visibility = 'private' WHERE id = $1`, [c.id]);
      expect(await titlesFound(other, { q: 'pangolin' })).toEqual([]);
    });

    it('a pending conversation is not indexed until it is ready', async () => {
      const ada = await someone();
      const c = await meeting(ada, 'in progress', transcript([1, 'Ada', 'The ocelot draft.']), { status: 'pending' });
      expect(await titlesFound(ada, { q: 'ocelot', status: 'all' })).toEqual([]);
      await db.dataSource.query(`UPDATE conversations SET status = 'ready' WHERE id = $1`, [c.id]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await titlesFound(ada, { q: 'ocelot' })).toEqual(['in progress']);
    });

    it('re-indexing replaces a conversation\'s passages: new content is found, removed content no longer', async () => {
      const ada = await someone();
      const c = await meeting(ada, 'changing', transcript([1, 'Ada', 'The heron plan.']));
      await db.dataSource.query(`UPDATE sources SET content = $2 WHERE conversation_id = $1`, [c.id, transcript([1, 'Ada', 'The egret plan.'])]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await titlesFound(ada, { q: 'egret' })).toEqual(['changing']);
      expect(await titlesFound(ada, { q: 'heron' })).toEqual([]);
    });
  });

  describe('filters', () => {
    it('status defaults to ready; status=all also finds a conversation back in processing with its last indexed content', async () => {
      const ada = await someone();
      const c = await meeting(ada, 'reprocessing', transcript([1, 'Ada', 'The ibis plan.']));
      await db.dataSource.query(`UPDATE conversations SET status = 'pending' WHERE id = $1`, [c.id]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await titlesFound(ada, { q: 'ibis' })).toEqual([]);
      expect(await titlesFound(ada, { q: 'ibis', status: 'all' })).toEqual(['reprocessing']);
      expect(await titlesFound(ada, { q: 'ibis', status: 'pending' })).toEqual(['reprocessing']);
    });

    it('folder_id with recursive, tag_id (any), created_after', async () => {
      const ada = await someone();
      const parent = await f.folder(ada);
      const child = await f.folder(ada, { parentId: parent.id });
      const inParent = await meeting(ada, 'in parent', transcript([1, 'Ada', 'Lynx.']), { folderId: parent.id, createdAt: new Date('2026-01-01T00:00:00Z') });
      await meeting(ada, 'in child', transcript([1, 'Ada', 'Lynx.']), { folderId: child.id, createdAt: new Date('2026-01-02T00:00:00Z') });
      await meeting(ada, 'at root', transcript([1, 'Ada', 'Lynx.']), { createdAt: new Date('2026-01-03T00:00:00Z') });
      const tag = await f.tag(ada.workspace);
      await f.applyTag(inParent, tag);

      expect((await titlesFound(ada, { q: 'lynx', folder_id: parent.id })).sort()).toEqual(['in child', 'in parent']);
      expect(await titlesFound(ada, { q: 'lynx', folder_id: parent.id, recursive: false })).toEqual(['in parent']);
      expect(await titlesFound(ada, { q: 'lynx', tag_id: [tag.id] })).toEqual(['in parent']);
      expect((await titlesFound(ada, { q: 'lynx', created_after: '2026-01-01T12:00:00Z' })).sort()).toEqual(['at root', 'in child']);
      expect((await failureOf(find(ada, { q: 'lynx', folder_id: 'fld_nope' }))).code).toBe('not_found');
    });

    it('speaker: only what that participant said (case ignored)', async () => {
      const ada = await someone();
      await meeting(ada, 'Gnu sync', transcript([1, 'Ada', 'The gnu budget.'], [5, 'Grace', 'The gnu roadmap.']));
      await meeting(ada, 'other', transcript([1, 'Grace', 'No antelope here.']));
      const page = await find(ada, { q: 'gnu', speaker: 'grace' });
      expect(page.data.map((h) => h.conversation.title)).toEqual(['Gnu sync']);
      expect(page.data[0]?.matches.map((m) => m.speaker)).toEqual(['Grace']);
    });

    it('source_type, repeatable: only the content of those sources matches', async () => {
      const ada = await someone();
      await meeting(ada, 'Okapi in the title', transcript([1, 'Ada', 'Nothing.']));
      await meeting(ada, 'doc', 'An okapi document.', { type: 'document', language: null });
      await meeting(ada, 'talk', transcript([1, 'Ada', 'An okapi talk.']));
      expect(await titlesFound(ada, { q: 'okapi', source_type: ['document'] })).toEqual(['doc']);
      expect((await titlesFound(ada, { q: 'okapi', source_type: ['document', 'transcript'] })).sort()).toEqual(['doc', 'talk']);
      expect((await titlesFound(ada, { q: 'okapi' })).length).toBe(3);
    });
  });

  describe('paging', () => {
    async function tenHits(): Promise<{ ada: Member; all: SearchHit[] }> {
      const ada = await someone();
      for (let i = 0; i < 10; i++) {
        const mentions = Array.from({ length: i + 1 }, (_, k): [number, string, string] => [k, 'Ada', `The kudu number ${k}.`]);
        await meeting(ada, `kudu ${i}`, transcript(...mentions));
      }
      return { ada, all: (await find(ada, { q: 'kudu', limit: 100 })).data };
    }

    it('walks every hit once, best first, with limit and the cursor', async () => {
      const { ada, all } = await tenHits();
      expect(all).toHaveLength(10);
      const scores = all.map((h) => h.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await find(ada, { q: 'kudu', limit: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...page.data.map((h) => h.conversation.id));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(all.map((h) => h.conversation.id));
    });

    it('defaults to 10 hits a page', async () => {
      const { ada } = await tenHits();
      await meeting(ada, 'kudu extra', transcript([1, 'Ada', 'kudu']));
      const page = await find(ada, { q: 'kudu' });
      expect(page.data).toHaveLength(10);
      expect(page.has_more).toBe(true);
    });

    it('binds a cursor to the query and to the caller: another q or another member gets invalid_cursor', async () => {
      const { ada } = await tenHits();
      const other = await f.member(ada.workspace);
      const { next_cursor } = await find(ada, { q: 'kudu', limit: 2 });
      const otherQuery = await failureOf(find(ada, { q: 'number', cursor: next_cursor }));
      expect(otherQuery).toMatchObject({ code: 'invalid_cursor', message: expect.stringContaining('issued for a different q') });
      expect((await failureOf(find(other, { q: 'kudu', cursor: next_cursor }))).code).toBe('invalid_cursor');
      expect((await failureOf(find(ada, { q: 'kudu', speaker: 'Ada', cursor: next_cursor }))).code).toBe('invalid_cursor');
    });
  });

  describe('bad input', () => {
    it.each([
      ['missing', {}],
      ['empty', { q: '' }],
      ['only whitespace', { q: '   \t ' }],
      ['only operators', { q: ' OR - () "" & | ! ' }],
      ['only excluded words', { q: '-alpha -beta' }],
      ['longer than 500 characters', { q: 'a'.repeat(501) }],
      ['a NUL character', { q: 'alpha\u0000beta' }],
      [`more than ${MAX_QUERY_WORDS} words`, { q: Array.from({ length: MAX_QUERY_WORDS + 1 }, (_, i) => `w${i}`).join(' ') }],
      [`a quoted phrase of more than ${MAX_PHRASE_WORDS} words`, { q: `"${'zqhlx '.repeat(MAX_PHRASE_WORDS + 1)}"` }],
      [`more than ${MAX_PHRASE_WORDS} words joined without spaces (Postgres matches them as a phrase)`, { q: 'zqhlx,'.repeat(MAX_PHRASE_WORDS + 1) }],
    ])('q %s is a 400 invalid_parameter naming q', async (_case, args) => {
      const ada = await someone();
      expect(await failureOf(find(ada, args))).toMatchObject({ code: 'invalid_parameter', params: [{ name: 'q', reason: expect.any(String) }] });
    });

    it('a query left with only exclusions in a language (its words are stop words there) matches nothing in that language', async () => {
      const ada = await someone();
      await meeting(ada, 'english', transcript([1, 'Ada', 'The plan is ready.']));
      await meeting(ada, 'finnish', transcript([1, 'Ada', 'The suunnitelma.']), { language: 'fin' });
      // English drops "the": `-walrus` alone would match every English passage; the simple configuration keeps "the".
      expect(await titlesFound(ada, { q: 'the -walrus' })).toEqual(['finnish']);
    });

    it('no character of a query makes an error other than invalid_parameter', async () => {
      const ada = await someone();
      await meeting(ada, 'target', transcript([1, 'Ada', "The heron's nest (north) & co: 100% <done>."]));
      const hostile = [
        '&|!:*()<>\\\'',
        'heron & | ! : * ( ) < > \\ \'',
        "heron's",
        'heron:*',
        'heron:A',
        '!heron',
        '(heron',
        'heron <-> nest',
        '"unclosed heron',
        '"""heron"""',
        '- -heron heron',
        'OR heron OR',
        '\ud800 heron \udfff',
        'heron \u200b\ufeff',
        '😀 heron 👩‍👩‍👧',
        'heron\u0001\u001f\u007f',
        '%00 heron %',
        'héron NÉST',
        "'; DROP TABLE search_passages; --",
        'x'.repeat(500),
      ];
      for (const q of hostile) {
        try {
          await find(ada, { q });
        } catch (error) {
          if (!(error instanceof DomainError && error.code === 'invalid_parameter')) throw new Error(`q=${JSON.stringify(q)} failed: ${String(error)}`);
        }
      }
      expect(await titlesFound(ada, { q: 'heron & | ! : * ( ) < > \\ \'' })).toEqual(['target']);
      expect(await titlesFound(ada, { q: 'héron NÉST' })).toEqual(['target']);
    });
  });

  describe('plans', () => {
    it('the candidates come from the GIN indexes, headings from their own, and the snippets by passage id (no sequential scan when one is avoidable)', async () => {
      const ada = await someone();
      await meeting(ada, 'planned', transcript([1, 'Ada', 'The capybara plan.']));
      const recorder = recording(db.dataSource);
      const page = await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(ada), SEARCH_PARAMS.fromJson({ q: 'capybara "the plan"' }));
      expect(page.data.map((hit) => hit.conversation.title)).toEqual(['planned']);
      const searches = recorder.statements.filter((s) => /(FROM|JOIN) search_passages/.test(s.sql));
      expect(searches).toHaveLength(2);
      await db.dataSource.transaction(async (tx) => {
        // The test database is tiny, where reading the whole table, or each conversation's passages, is cheapest;
        // forbidding those (sequential scans, whole indexes read in order, nested loops) shows whether the statement's
        // shape lets the GIN indexes find the passages.
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_indexscan = off');
        await tx.query('SET LOCAL enable_nestloop = off');
        const plans: string[] = [];
        for (const { sql, params } of searches) {
          plans.push((await tx.query(`EXPLAIN ${sql}`, params)).map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n'));
        }
        // Titles, digests and summaries are found by their own GIN index, content passages by the whole table's.
        expect(plans[0]).toMatch(/Bitmap Index Scan on search_passages_heading_tsv_idx/);
        expect(plans[0]).toMatch(/Bitmap Index Scan on search_passages_tsv_idx/);
        expect(plans[0]).not.toMatch(/Seq Scan on search_passages/);
        // The snippets of a page are made for its best passages only, found by id.
        expect(plans[1]).toMatch(/Bitmap Index Scan on search_passages_pkey/);
        expect(plans[1]).not.toMatch(/Seq Scan on search_passages/);
      });
    });

    it('the GIN indexes searches read keep no pending list, which every scan would read whole', async () => {
      const rows: { name: string; options: string[] | null }[] = await db.dataSource.query(
        `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_am am ON am.oid = c.relam
         WHERE am.amname = 'gin' AND c.relname LIKE 'search\\_%' ORDER BY 1`,
      );
      expect(rows.map((row) => row.name)).toEqual([
        'search_conversation_headings_idx',
        'search_conversation_terms_idx',
        'search_passages_heading_tsv_idx',
        'search_passages_tsv_idx',
      ]);
      for (const row of rows) expect(row.options).toContain('fastupdate=off');
    });

    it('a speaker or source-type filter does not read the headings: titles, digests and summaries have neither', async () => {
      const ada = await someone();
      await meeting(ada, 'Tapir sync', transcript([1, 'Ada', 'The tapir plan.']));
      const statementOf = async (args: Record<string, unknown>): Promise<string> => {
        const recorder = recording(db.dataSource);
        await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(ada), SEARCH_PARAMS.fromJson({ q: 'tapir', ...args }));
        return recorder.statements.find((s) => s.sql.includes('candidates AS'))!.sql;
      };
      expect(await statementOf({})).toMatch(/field <> 'content'/);
      expect(await statementOf({ speaker: 'Ada' })).not.toMatch(/field <> 'content'/);
      expect(await statementOf({ source_type: ['transcript'] })).not.toMatch(/field <> 'content'/);
    });

    it('a source-type filter with transcripts is checked on the matches, not intersected in the index (nearly every passage is a transcript turn)', async () => {
      const ada = await someone();
      await meeting(ada, 'Quokka sync', transcript([1, 'Ada', 'The quokka plan.']));
      const planOf = async (types: string[]): Promise<string> => {
        const recorder = recording(db.dataSource);
        await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(ada), SEARCH_PARAMS.fromJson({ q: 'quokka', source_type: types }));
        const main = recorder.statements.find((s) => s.sql.includes('candidates AS'))!;
        // As in the test above: on a tiny table the planner would read it whole, so the index's use is forced.
        return db.dataSource.transaction(async (tx) => {
          await tx.query('SET LOCAL enable_seqscan = off');
          const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${main.sql}`, main.params);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        });
      };
      const indexConditions = (plan: string) => plan.split('\n').filter((line) => line.includes('Index Cond'));
      expect(indexConditions(await planOf(['transcript', 'document'])).some((line) => line.includes('source_type'))).toBe(false);
      expect(indexConditions(await planOf(['document'])).some((line) => line.includes('source_type'))).toBe(true);
    });
  });
});
