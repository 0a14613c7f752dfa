import { Catalog, LIST_EVENTS_PARAMS } from '@cs/catalog';
import { FeedSequencer } from '@cs/events';
import { CursorCodec } from '@cs/paging';
import { createDataSource, poolTransactions, postgresPool } from '@cs/persistence';
import { createTestDatabase, eventually, Fixtures, type Member, principalOf, seededRandom, type TestDatabase } from '@cs/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createConversation } from '../conversations/conversation.commands';
import { inTransaction } from '../tx';

/*
 * The feed's promise under concurrency (docs/architecture.md "The events feed"): whatever order writers commit in,
 * however long other transactions stay open, every reader sees every committed event exactly once, no rolled-back
 * one, and all readers see the same order, which agrees with the order of commits that did not overlap.
 */

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Written {
  title: string;
  begunAt: number;
  committedAt: number;
}

/** A replica's sequencer: a loop, as the api runs it, that can be stopped (a restart) and started again. */
function sequencerLoop(dataSource: DataSource, intervalMs: number) {
  const sequencer = new FeedSequencer(poolTransactions(postgresPool(dataSource)));
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      await sequencer.drain();
      await sleep(intervalMs);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** A transaction that has written and stays open until released: another application's, or a batch job's. */
async function openWriteTransaction(url: string, statement: string): Promise<{ release: () => Promise<void> }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(statement);
  return {
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

describe('the events feed under concurrent writers, random commit delays and long foreign transactions', () => {
  let db: TestDatabase;
  let other: TestDatabase;
  let dataSource: DataSource;
  let catalog: Catalog;
  let owner: Member;

  beforeAll(async () => {
    db = await createTestDatabase();
    other = await createTestDatabase();
    // Writers, readers and two sequencers at once: more connections than a test database's default pool.
    dataSource = createDataSource({ url: db.url, poolSize: 20 });
    await dataSource.initialize();
    catalog = new Catalog(dataSource, new CursorCodec('p'.repeat(40)));
    const f = new Fixtures(dataSource);
    owner = await f.member(await f.workspace());
  }, 60_000);

  afterAll(async () => {
    await dataSource?.destroy();
    await other?.drop();
    await db?.drop();
  });

  it.each([1, 2, 3])('delivers every committed event exactly once, in one order, to every reader (seed %i)', async (seed) => {
    const rand = seededRandom(seed * 7919);
    const principal = principalOf(owner);
    const ctx = () => ({ principal, requestId: null, now: new Date() });
    // Where the readers start: after everything earlier runs wrote.
    await eventually(() => dataSource.query(`SELECT count(*)::int AS n FROM feed_pending`), (rows) => rows[0].n === 0, 10_000);
    const head = await catalog.latestEvent(principal).catch(() => null);

    // Open for the whole run: a write transaction of another database, one in this database, and a writer of ours
    // whose event was written before all the others and commits last.
    const foreignElsewhere = await openWriteTransaction(other.url, `CREATE TABLE held_${seed} (x int); INSERT INTO held_${seed} VALUES (1)`);
    const foreignHere = await openWriteTransaction(db.url, `CREATE TABLE held_${seed} (x int); INSERT INTO held_${seed} VALUES (1)`);
    let releaseLongWriter!: () => void;
    const longWriterHeld = new Promise<void>((resolve) => (releaseLongWriter = resolve));
    let longWriterWrote!: () => void;
    const longWriterWriting = new Promise<void>((resolve) => (longWriterWrote = resolve));
    const longTitle = `long-${seed}`;
    const longWriter = inTransaction(dataSource, async (tx) => {
      await createConversation(tx, ctx(), { title: longTitle, sources: [{ type: 'text', content: 'x' }] });
      longWriterWrote();
      await longWriterHeld;
    });
    await longWriterWriting;

    // Two replicas' sequencers; one restarts half way.
    let first = sequencerLoop(dataSource, 20 + Math.floor(rand() * 40));
    const second = sequencerLoop(dataSource, 20 + Math.floor(rand() * 40));

    const committed: Written[] = [];
    const rolledBack = new Set<string>();
    const WRITERS = 6;
    const PER_WRITER = 20;
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < PER_WRITER; i++) {
        const title = `s${seed}-w${w}-${i}`;
        const delay = Math.floor(rand() * 40);
        const rollBack = rand() < 0.1;
        const begunAt = performance.now();
        try {
          await inTransaction(dataSource, async (tx) => {
            await createConversation(tx, ctx(), { title, sources: [{ type: 'text', content: 'x' }] });
            await sleep(delay);
            if (rollBack) throw new Error('rolled back on purpose');
          });
          committed.push({ title, begunAt, committedAt: performance.now() });
        } catch {
          rolledBack.add(title);
        }
        if (w === 0 && i === PER_WRITER / 2) {
          await first.stop();
          first = sequencerLoop(dataSource, 30);
        }
      }
    });

    // Readers follow the feed with small pages while it is written, each at its own pace.
    let writing = true;
    const READERS = 3;
    const progress: string[][] = Array.from({ length: READERS }, () => []);
    const readers = Array.from({ length: READERS }, async (_, r) => {
      const seen = progress[r]!;
      // Within a burst, the page's cursor; at the end of the feed, `after` the last event it processed.
      let cursor: string | null = null;
      let last = head?.id ?? null;
      const limit = String(3 + r * 4);
      const expected = () => committed.length + 1;
      while (writing || seen.length < expected()) {
        const query: Record<string, string> = cursor ? { cursor, limit } : last ? { after: last, limit } : { limit };
        const page = await catalog.listEvents(principal, LIST_EVENTS_PARAMS.fromQueryString(query));
        seen.push(...page.data.map((e) => (e.data as { title: string }).title));
        last = page.data.at(-1)?.id ?? last;
        cursor = page.next_cursor;
        if (!page.has_more) await sleep(10 + r * 15);
      }
      return seen;
    });

    await Promise.all(writers);
    // Every reader has every committed event while the three transactions are still open: nothing waits for them.
    const titles = new Set(committed.map((c) => c.title));
    await eventually(async () => progress.map((seen) => seen.filter((t) => titles.has(t)).length), (counts) => counts.every((n) => n === titles.size), 30_000);
    expect(progress.every((seen) => !seen.includes(longTitle))).toBe(true);
    await foreignHere.release();
    await foreignElsewhere.release();
    releaseLongWriter();
    await longWriter;
    const longCommittedAt = performance.now();
    writing = false;
    let timer: NodeJS.Timeout | undefined;
    const seen = await Promise.race([
      Promise.all(readers),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`seed ${seed}: readers did not see every committed event within 60 s`)), 60_000))),
    ]).finally(() => clearTimeout(timer));
    await first.stop();
    await second.stop();

    const expected = new Set([...committed.map((c) => c.title), longTitle]);
    for (const [r, titles] of seen.entries()) {
      // Exactly once, nothing rolled back, nothing missing.
      expect({ reader: r, duplicates: titles.filter((t, i) => titles.indexOf(t) !== i) }).toEqual({ reader: r, duplicates: [] });
      expect({ reader: r, rolledBack: titles.filter((t) => rolledBack.has(t)) }).toEqual({ reader: r, rolledBack: [] });
      expect(new Set(titles)).toEqual(expected);
      // One total order: every reader's is the first reader's.
      expect(titles).toEqual(seen[0]);
    }
    // The order agrees with commits: a transaction that committed before another began comes first.
    const order = new Map(seen[0]!.map((t, i) => [t, i]));
    const all = [...committed, { title: longTitle, begunAt: 0, committedAt: longCommittedAt }];
    const inversions = all.flatMap((a) => all.filter((b) => a.committedAt < b.begunAt && order.get(a.title)! > order.get(b.title)!).map((b) => `${a.title} after ${b.title}`));
    expect(inversions).toEqual([]);
    // Nothing left waiting: the lag the api reports (conversation_service_feed_lag_seconds) is back to 0.
    expect(await new FeedSequencer(poolTransactions(postgresPool(dataSource))).lagSeconds()).toBe(0);
  });
});
