import { readFileSync } from 'node:fs';
import { SearchBudget } from '@cs/catalog';
import { CursorCodec } from '@cs/paging';
import { MIGRATIONS, PASSAGE_MAX_CHARS } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, principalOf, type TestDatabase } from '@cs/testing';
import { Pool } from 'pg';
import { indexConversations } from './indexing/index-conversations';
import { SEARCH_PARAMS } from './query/search-params';
import { Search } from './search';

/*
 * Issue 31: a member stores a text whose lines are one word repeated without spaces (`zqhlx,zqhlx,…`), then
 * searches a quoted phrase of that word. Passages were capped in words split on whitespace only, so each line was
 * one passage of 1,500 repeats, and highlighting the phrase over it took 423 MB and 2.4 s in one database backend
 * (22 GB, then the kernel's OOM killer and a restart of every connection, for a longer line).
 */
const HOSTILE_LINE = 'zqhlx,'.repeat(1500);
const HOSTILE_TEXT = Array.from({ length: 4 }, () => HOSTILE_LINE).join('\n');
const HOSTILE_PHRASE = `"${Array.from({ length: 8 }, () => 'zqhlx').join(' ')}"`;

/** A Postgres backend's peak resident memory so far (VmHWM), in bytes: the database runs on this machine. */
function peakMemoryOf(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch (error) {
    throw new Error(`this test reads the database backend's memory from /proc, so DATABASE_URL must be a Postgres on this machine: ${String(error)}`);
  }
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(kb[1]) * 1024;
}

jest.setTimeout(60_000);

describe('a hostile passage (real Postgres)', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let ada: Member;

  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
    ada = await f.member(await f.workspace(), { role: 'admin' });
    const hostile = await f.conversation(ada, { title: 'hostile', digest: null, summary: null });
    await f.source(hostile, { type: 'text', content: HOSTILE_TEXT, language: 'eng' });
    const normal = await f.conversation(ada, { title: 'normal', digest: null, summary: null });
    await f.source(normal, { type: 'text', content: 'The quokka plan is ready for review.', language: 'eng' });
    await indexConversations(db.dataSource, [hostile.id, normal.id]);
  });

  afterAll(() => db.drop());

  it(`is indexed as passages of at most ${PASSAGE_MAX_CHARS} characters, cut where the text allows, which together hold all of it`, async () => {
    const passages: { body: string }[] = await db.dataSource.query(
      `SELECT sp.body FROM search_passages sp JOIN conversations c ON c.id = sp.conversation_id WHERE c.title = 'hostile' AND sp.field = 'content' ORDER BY sp.position`,
    );
    expect(Math.max(...passages.map((p) => p.body.length))).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    // A line without spaces is cut within its word; the pieces of each line, joined, are the line.
    expect(passages.map((p) => p.body).join('')).toBe(HOSTILE_TEXT.replaceAll('\n', ''));
  });

  it("keeps the database backend's peak memory within a few megabytes when a quoted phrase of the repeated word is searched", async () => {
    // One connection, so the backend whose memory is read is the one that runs the search.
    const pool = new Pool({ connectionString: db.url, max: 1, idleTimeoutMillis: 0 });
    try {
      const search = new Search(SearchBudget.onPool(pool, { statementTimeoutMs: 30_000, maxConcurrent: 1 }), new CursorCodec('s'.repeat(40)));
      const find = (q: string) => search.search(principalOf(ada), SEARCH_PARAMS.fromJson({ q }));
      const [{ pid }] = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
      // A normal search first: the backend's caches (catalogs, plans, dictionaries) are what any search costs.
      expect((await find('quokka')).data.map((hit) => hit.conversation.title)).toEqual(['normal']);
      const before = peakMemoryOf(pid);
      const page = await find(HOSTILE_PHRASE);
      const grown = peakMemoryOf(pid) - before;
      expect(page.data.map((hit) => hit.conversation.title)).toEqual(['hostile']);
      expect(page.data[0]!.matches[0]!.snippet).toContain('**zqhlx**');
      // Before the fix: 423 MB (issue 31). A normal search's growth is a few hundred kilobytes.
      expect(grown).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await pool.end();
    }
  });

  it('the migration re-cuts passages an older release stored over the cap, in order, and numbers them again', async () => {
    const bob = await f.member(await f.workspace(), { role: 'admin' });
    const old = await f.conversation(bob, { title: 'old', digest: null, summary: null });
    await f.source(old, { type: 'text', content: `first line\n${HOSTILE_LINE}\nlast line`, language: 'eng' });
    // As an older release indexed it: one passage a line, whatever its length.
    await db.dataSource.query(
      `INSERT INTO search_passages (workspace_id, conversation_id, source_id, source_type, field, position, body, config, tsv)
       SELECT c.workspace_id, c.id, s.id, s.type, 'content', l.n, l.line, 'cs_english', setweight(to_tsvector('cs_english', l.line), 'D')
       FROM conversations c JOIN sources s ON s.conversation_id = c.id
       CROSS JOIN LATERAL regexp_split_to_table(s.content, '\\n') WITH ORDINALITY AS l(line, n)
       WHERE c.id = $1`,
      [old.id],
    );
    const Migration = MIGRATIONS.find((m) => m.name === 'SearchPassagesCappedInCharacters1765500000000')!;
    const migration = new Migration();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const passages: { position: number; body: string }[] = await db.dataSource.query(
      `SELECT position, body FROM search_passages WHERE conversation_id = $1 ORDER BY position`,
      [old.id],
    );
    expect(passages.map((p) => p.position)).toEqual(passages.map((_, i) => i + 1));
    expect(passages[0]!.body).toBe('first line');
    expect(passages[passages.length - 1]!.body).toBe('last line');
    expect(Math.max(...passages.map((p) => p.body.length))).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
    expect(passages.slice(1, -1).map((p) => p.body).join('')).toBe(HOSTILE_LINE);
    const search = new Search(SearchBudget.unlimited(db.dataSource), new CursorCodec('s'.repeat(40)));
    expect((await search.search(principalOf(bob), SEARCH_PARAMS.fromJson({ q: 'zqhlx' }))).data.map((hit) => hit.conversation.title)).toEqual(['old']);
  });
});
