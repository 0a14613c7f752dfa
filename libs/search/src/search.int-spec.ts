import { Catalog, LIST_CONVERSATIONS_PARAMS, MAX_PHRASE_WORDS, MAX_QUERY_WORDS, SearchBudget } from '@cs/catalog';
import { DomainError } from '@cs/domain';
import { CursorCodec } from '@cs/paging';
import type { RowQueryable } from '@cs/persistence';
import { type ConversationRow, createTestDatabase, Fixtures, HOSTILE_LINES, INERT_SNIPPET_TAGS, MARKDOWN_RENDERERS, type Member, principalOf, tagsOf, type TestDatabase, visibleText } from '@cs/testing';
import { indexConversations } from './indexing/index-conversations';
import { MAX_MATCHES_PER_HIT, type SearchHit } from './query/search-hit.schema';
import { SNIPPET_MAX_WORDS } from './query/snippet';
import { SEARCH_PARAMS } from './query/search-params';
import { CANDIDATES, RARE_WORD_PASSAGES } from './query/search.query';
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

    it('OR stays valid syntax; without it any word matches, and a conversation holding both ranks first', async () => {
      const ada = await someone();
      await meeting(ada, 'one', transcript([1, 'Ada', 'We ordered apples.']));
      await meeting(ada, 'two', transcript([1, 'Ada', 'We ordered pears.']));
      await meeting(ada, 'three', transcript([1, 'Ada', 'We ordered plums.']));
      await meeting(ada, 'four', transcript([1, 'Ada', 'We ordered apples and pears.']));
      expect((await titlesFound(ada, { q: 'apples OR pears' })).sort()).toEqual(['four', 'one', 'two']);
      const ranked = await titlesFound(ada, { q: 'apples pears' });
      expect(ranked[0]).toBe('four');
      expect(ranked.slice(1).sort()).toEqual(['one', 'two']);
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

  describe('ranking (docs/search.md "Ranking")', () => {
    it('a question finds the meeting whose turns hold its keywords spread over several passages', async () => {
      const ada = await someone();
      const spread = await meeting(ada, 'Thursday', transcript([1, 'Ada', 'Can we look at the budget now?'], [5, 'Bo', 'The marketing numbers are in.'], [9, 'Ada', 'And the launch slipped a week.']));
      await meeting(ada, 'Friday', transcript([1, 'Ada', 'The budget is fine.'], [5, 'Bo', 'Lunch at noon.'], [9, 'Ada', 'See you monday.']));
      await meeting(ada, 'Monday', transcript([1, 'Ada', 'The launch party.'], [5, 'Bo', 'Music and drinks.']));
      const page = await find(ada, { q: 'What did the team decide about the marketing budget for the launch?' });
      expect(page.data[0]?.conversation.id).toBe(spread.id);
      expect(page.data[0]?.matches.map((m) => m.start_seconds).sort()).toEqual([1, 5, 9]);
    });

    it("a named speaker ranks that speaker's turn first", async () => {
      const ada = await someone();
      await meeting(ada, 'Pricing', transcript([1, 'Ada Lovelace', 'Pricing is fine as it is, pricing stays.'], [5, 'Tom Kilburn', 'Pricing should go up.'], [60, 'Ada Lovelace', 'Next item.']));
      const page = await find(ada, { q: 'what did Tom say about pricing' });
      expect(page.data[0]?.matches[0]).toMatchObject({ speaker: 'Tom Kilburn', start_seconds: 5 });
    });

    it('a phrase and an exclusion stay strict', async () => {
      const ada = await someone();
      await meeting(ada, 'together', transcript([1, 'Ada', 'The launch date moved.'], [5, 'Bo', 'Marketing knows.']));
      await meeting(ada, 'apart', transcript([1, 'Ada', 'The date of the launch moved.']));
      await meeting(ada, 'budget only', transcript([1, 'Ada', 'The launch budget.']));
      expect(await titlesFound(ada, { q: '"launch date"' })).toEqual(['together']);
      const phrase = await find(ada, { q: 'moved "launch date"' });
      expect(phrase.data.map((hit) => hit.conversation.title)).toEqual(['together']);
      expect(phrase.data[0]!.matches.map((m) => m.start_seconds)).toEqual([1]);
      // An excluded word leaves out a conversation that holds it anywhere, not only the passages that do.
      expect((await titlesFound(ada, { q: 'launch -marketing' })).sort()).toEqual(['apart', 'budget only']);
      expect((await titlesFound(ada, { q: 'launch -"launch budget"' })).sort()).toEqual(['apart', 'together']);
    });

    it('common words do not drown a rare one', async () => {
      const ada = await someone();
      const chatter = Array.from({ length: 8 }, (_, i): [number, string, string] => [i * 5, 'Ada', 'The project meeting, the project plan, this meeting again.']);
      for (let i = 0; i < 6; i++) await meeting(ada, `Chatter ${i}`, transcript(...chatter));
      const rare = await meeting(ada, 'Lab', transcript([1, 'Ada', 'The zebrafish results.'], [5, 'Bo', 'Good.']));
      const page = await find(ada, { q: 'project meeting zebrafish' });
      expect(page.data[0]?.conversation.id).toBe(rare.id);
      expect(page.data).toHaveLength(7);
    });

    it('scores come from the caller\'s workspace only: the same query and corpus score the same whatever another workspace holds', async () => {
      const ada = await someone();
      await meeting(ada, 'Gecko plan', transcript([1, 'Ada', 'The gecko tank needs a heater.'], [5, 'Bo', 'A heater and a lamp.']));
      await meeting(ada, 'Lamp', transcript([1, 'Ada', 'The lamp is broken.']));
      const scores = async () => (await find(ada, { q: 'gecko heater lamp' })).data.map((hit) => [hit.conversation.title, hit.score]);
      const before = await scores();
      expect(before).toHaveLength(2);
      // Another tenant stores many passages with the same words, and some with none of them.
      const eve = await someone();
      for (let i = 0; i < 5; i++) await meeting(eve, `Eve ${i}`, transcript([1, 'Eve', 'Gecko gecko lamp.'], [5, 'Eve', 'Heater.'], [9, 'Eve', 'Something else entirely.']));
      expect(await scores()).toEqual(before);
      const stats = await db.dataSource.query(`SELECT passages FROM search_term_stats WHERE workspace_id = $1 AND lexeme = 'gecko'`, [ada.workspace.id]);
      expect(stats).toEqual([{ passages: '2' }]); // its title and one turn
    });

    it('reads at most CANDIDATES passages, the rarest words first', async () => {
      expect(CANDIDATES).toBeGreaterThan(0);
      const ada = await someone();
      await meeting(ada, 'Okapi', transcript([1, 'Ada', 'An okapi and a walrus.']));
      await meeting(ada, 'Walrus', transcript([1, 'Ada', 'A walrus.'], [5, 'Ada', 'Another walrus.']));
      const recorder = recording(db.dataSource);
      await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(ada), SEARCH_PARAMS.fromJson({ q: 'walrus okapi' }));
      const main = recorder.statements.find((st) => st.sql.includes('found AS'))!;
      // The rarer word's lookup (okapi: a title and a turn) comes first and may fill the candidates; the commoner
      // one takes what is left.
      expect([...main.sql.matchAll(/LIMIT (\d+)\)/g)].map((m) => Number(m[1]))).toEqual([CANDIDATES, CANDIDATES - 2]);
    });
  });

  describe('q on the list (a filter, in the list\'s order)', () => {
    const listed = async (member: Member, q: string) =>
      (await new Catalog(db.dataSource, new CursorCodec('s'.repeat(40))).listConversations(principalOf(member), LIST_CONVERSATIONS_PARAMS.fromJson({ q }))).data.map((c) => c.title);

    it('lists a conversation holding every word anywhere, in any passages and sources; phrases and exclusions still apply', async () => {
      const ada = await someone();
      const spread = await meeting(ada, 'spread', transcript([1, 'Ada', 'The budget.'], [5, 'Bo', 'The launch moved.']), { createdAt: new Date('2026-03-02T00:00:00Z') });
      await f.source(spread, { type: 'text', content: 'Notes on marketing.', language: 'eng' });
      await indexConversations(db.dataSource, [spread.id]);
      await meeting(ada, 'together', transcript([1, 'Ada', 'The launch budget for marketing.']), { createdAt: new Date('2026-03-01T00:00:00Z') });
      await meeting(ada, 'partial', transcript([1, 'Ada', 'The launch budget.']), { createdAt: new Date('2026-03-03T00:00:00Z') });
      expect(await listed(ada, 'budget launch marketing')).toEqual(['spread', 'together']);
      expect(await listed(ada, '"launch budget"')).toEqual(['partial', 'together']);
      expect(await listed(ada, 'budget launch -marketing')).toEqual(['partial']);
      expect(await listed(ada, 'marketing OR moved budget')).toEqual(['spread', 'together']);
    });
  });

  describe('filtered searches (folder, tag, date)', () => {
    it('finds exactly what the filter allows, phrases and exclusions included', async () => {
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
      expect(await titlesFound(ada, { q: 'gharial -review', folder_id: folder.id })).toEqual([]);
      expect(await titlesFound(ada, { q: 'gharial -"budget review"', folder_id: folder.id })).toEqual([]);
      expect(await titlesFound(ada, { q: 'gharial -nothing', folder_id: folder.id })).toEqual(['apart']);
      expect(await titlesFound(ada, { q: 'gharial', tag_id: [tag.id] })).toEqual(['in folder']);
      expect((await titlesFound(ada, { q: 'gharial', created_after: '2026-02-01T12:00:00Z' })).sort()).toEqual(['apart', 'elsewhere']);

    });

    it('finds every conversation of the folder holding the word, however old, a title-only one included, and none outside', async () => {
      const ada = await someone();
      const folder = await f.folder(ada);
      const turns = Array.from({ length: 12 }, (_, i): [number, string, string] => [i, 'Ada', `The margay point ${i}.`]);
      const titled = await meeting(ada, 'Margay review', transcript([1, 'Ada', 'Nothing of the sort.']), { folderId: folder.id, createdAt: new Date(Date.UTC(2026, 1, 1)) });
      const inFolder: string[] = [titled.id];
      for (let day = 1; day <= 30; day++) {
        inFolder.push((await meeting(ada, `Notes ${day}`, transcript(...turns), { folderId: folder.id, createdAt: new Date(Date.UTC(2026, 2, day)) })).id);
      }
      await meeting(ada, 'Margay outside', transcript([1, 'Ada', 'Nothing.']), { createdAt: new Date(Date.UTC(2026, 0, 1)) });
      const found = await find(ada, { q: 'margay', folder_id: folder.id, limit: 100 });
      expect(new Set(found.data.map((hit) => hit.conversation.id))).toEqual(new Set(inFolder));
      expect(found.data.find((hit) => hit.conversation.id === titled.id)?.matches.map((m) => m.field)).toEqual(['title']);
    });

    it("keeps a conversation's words with its passages, whoever writes them: re-indexed, added to, left without content, deleted", async () => {
      const ada = await someone();
      const folder = await f.folder(ada);
      const c = await meeting(ada, 'changing', transcript([1, 'Ada', 'The heron plan.']), { folderId: folder.id });
      const words = async () => (await db.dataSource.query(`SELECT terms::text AS terms FROM search_conversation_terms WHERE conversation_id = $1`, [c.id]))[0]?.terms;
      expect(await words()).toMatch(/'heron'/);
      expect(await words()).toMatch(/'chang'/); // the title's, stemmed

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
      expect(await titlesFound(ada, { q: 'ibis', folder_id: folder.id })).toEqual(['changing']);

      // Nothing left to index (no title, no content): no passages, and no words either.
      await db.dataSource.query(`UPDATE sources SET content = NULL WHERE conversation_id = $1`, [c.id]);
      await db.dataSource.query(`UPDATE conversations SET title = NULL WHERE id = $1`, [c.id]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await words()).toBeUndefined();

      await db.dataSource.query(`UPDATE sources SET content = $2 WHERE conversation_id = $1`, [c.id, transcript([1, 'Ada', 'The egret plan.'])]);
      await indexConversations(db.dataSource, [c.id]);
      expect(await words()).toMatch(/'egret'/);
      await db.dataSource.query('DELETE FROM conversations WHERE id = $1', [c.id]);
      expect(await words()).toBeUndefined();
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
    it('the candidates come from the GIN index and the snippets by passage id (no sequential scan when one is avoidable)', async () => {
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
        // Candidates come from the passages' GIN index.
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
      expect(rows.map((row) => row.name)).toEqual(['search_conversation_terms_idx', 'search_passages_tsv_idx']);
      for (const row of rows) expect(row.options).toContain('fastupdate=off');
    });

    it('a transcript type is checked on the matches (nearly every passage is a transcript turn); other types are intersected in the index', async () => {
      const ada = await someone();
      await meeting(ada, 'Quokka sync', transcript([1, 'Ada', 'The quokka plan.']));
      const planOf = async (types: string[]): Promise<string> => {
        const recorder = recording(db.dataSource);
        await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(ada), SEARCH_PARAMS.fromJson({ q: 'quokka', source_type: types }));
        const main = recorder.statements.find((s) => s.sql.includes('found AS'))!;
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

    it('a speaker is intersected with the words in the index, so a common word reads only that speaker\'s passages', async () => {
      const ada = await someone();
      await meeting(ada, 'Wombat sync', transcript([1, 'Ada', 'The wombat plan.'], [2, 'Grace', 'The wombat budget.']));
      // As if most of the workspace's passages held the word: without a speaker, search would walk the conversations.
      await db.dataSource.query(`UPDATE search_term_stats SET passages = $2 WHERE workspace_id = $1 AND lexeme = 'wombat'`, [principalOf(ada).workspaceId, RARE_WORD_PASSAGES * 10]);
      const recorder = recording(db.dataSource);
      await new Search(SearchBudget.unlimited(recorder.db), new CursorCodec('s'.repeat(40))).search(principalOf(ada), SEARCH_PARAMS.fromJson({ q: 'wombat', speaker: 'grace' }));
      const main = recorder.statements.find((s) => s.sql.includes('found AS'))!;
      const plan = await db.dataSource.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const rows: { 'QUERY PLAN': string }[] = await tx.query(`EXPLAIN ${main.sql}`, main.params);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      // No walk of the conversations, each probed for its passages.
      expect(main.sql).not.toMatch(/CROSS JOIN LATERAL \(SELECT sp\.id/);
      expect(plan.split('\n').filter((line) => line.includes('Index Cond')).some((line) => line.includes('lower(speaker)') && line.includes('tsv @@'))).toBe(true);
    });
  });
});
