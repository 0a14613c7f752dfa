import { DomainError } from '@cs/domain';
import { CursorCodec } from '@cs/paging';
import { postgresPool } from '@cs/persistence';
import { createTestDatabase, Fixtures, principalOf, type TestDatabase } from '@cs/testing';
import { Catalog } from '../catalog';
import { LIST_CONVERSATIONS_PARAMS } from './conversation-filters';
import { SearchBudget } from './search-budget';

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('the search budget (real Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(() => db.drop());

  it('refuses a full-text read beyond maxConcurrent at once with 429, and takes the next one when a slot is free', async () => {
    const budget = SearchBudget.onPool(postgresPool(db.dataSource), { statementTimeoutMs: 10_000, maxConcurrent: 1 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const holding = budget.run(async (reads) => {
      await reads.query('SELECT 1');
      started();
      await released;
      return 'first';
    });
    await running;
    const refused = await failureOf(budget.run((reads) => reads.query('SELECT 1')));
    expect(refused.code).toBe('rate_limited');
    expect(refused.status).toBe(429);
    expect(refused.extras.retryAfterSeconds).toBe(1);
    release();
    expect(await holding).toBe('first');
    expect(await budget.run((reads) => reads.query<{ n: number }>('SELECT 2 AS n'))).toEqual([{ n: 2 }]);
  });

  it('stops a statement after statementTimeoutMs with a 503 that says so, and hands the connection back with the pool’s own timeout', async () => {
    const pool = postgresPool(db.dataSource);
    const budget = SearchBudget.onPool(pool, { statementTimeoutMs: 200, maxConcurrent: 2 });
    const stopped = await failureOf(budget.run((reads) => reads.query('SELECT pg_sleep(5)')));
    expect(stopped.code).toBe('service_unavailable');
    expect(stopped.message).toMatch(/ran longer than 200 ms and was stopped/);
    expect((await pool.query('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '0' }]);
  });

  it('plans its reads without sequential scans, and hands the connection back with the pool’s own planner settings', async () => {
    const pool = postgresPool(db.dataSource);
    const budget = SearchBudget.onPool(pool, { statementTimeoutMs: 10_000, maxConcurrent: 1 });
    expect(await budget.run((reads) => reads.query('SHOW enable_seqscan'))).toEqual([{ enable_seqscan: 'off' }]);
    expect((await pool.query('SHOW enable_seqscan')).rows).toEqual([{ enable_seqscan: 'on' }]);
  });

  it('runs its reads read-only: nothing a search runs can write', async () => {
    const budget = SearchBudget.onPool(postgresPool(db.dataSource), { statementTimeoutMs: 10_000, maxConcurrent: 1 });
    await expect(budget.run((reads) => reads.query('CREATE TABLE written_by_a_search (x int)'))).rejects.toThrow(/read-only transaction/);
  });

  it('bounds the list with q, and only the list with q', async () => {
    const f = new Fixtures(db.dataSource);
    const ada = await f.member(await f.workspace(), { role: 'admin' });
    const catalog = new Catalog(db.dataSource, new CursorCodec('c'.repeat(40)), SearchBudget.onPool(postgresPool(db.dataSource), { statementTimeoutMs: 10_000, maxConcurrent: 0 }));
    const list = (args: Record<string, unknown>) => catalog.listConversations(principalOf(ada), LIST_CONVERSATIONS_PARAMS.fromJson(args));
    expect((await list({})).data).toEqual([]);
    expect((await failureOf(list({ q: 'pricing' }))).code).toBe('rate_limited');
  });
});
