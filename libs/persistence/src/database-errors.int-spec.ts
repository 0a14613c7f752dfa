import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { createDataSource } from './data-source';
import { isDatabaseUnavailable } from './database-errors';

const failure = async (run: () => Promise<unknown>): Promise<unknown> => run().then(() => new Error('no failure'), (error: unknown) => error);

describe('timeouts on database calls, and telling "unavailable" from "wrong"', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('cancels a statement that runs past statementTimeoutMs, and classifies that as unavailable', async () => {
    const ds = await createDataSource({ url: db.url, poolSize: 1, statementTimeoutMs: 200 }).initialize();
    try {
      const error = await failure(() => ds.query('SELECT pg_sleep(5)'));
      expect((error as { driverError?: { code?: string } }).driverError?.code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The connection stays usable for the next query.
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await ds.destroy();
    }
  });

  it('gives up waiting for a lock after lockTimeoutMs, and classifies that as unavailable', async () => {
    const holder = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    const ds = await createDataSource({ url: db.url, poolSize: 1, lockTimeoutMs: 200 }).initialize();
    const runner = holder.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query('LOCK TABLE tenants IN ACCESS EXCLUSIVE MODE');
      const error = await failure(() => ds.query('SELECT count(*) FROM tenants'));
      expect((error as { driverError?: { code?: string } }).driverError?.code).toBe('55P03');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
      await ds.destroy();
      await holder.destroy();
    }
  });

  it('ends a session left idle in a transaction past idleInTransactionTimeoutMs, freeing its locks', async () => {
    const ds = await createDataSource({ url: db.url, poolSize: 1, idleInTransactionTimeoutMs: 300 }).initialize();
    const runner = ds.createQueryRunner();
    try {
      expect(await ds.query('SHOW idle_in_transaction_session_timeout')).toEqual([{ idle_in_transaction_session_timeout: '300ms' }]);
      await runner.startTransaction();
      await runner.query('LOCK TABLE tenants IN ACCESS EXCLUSIVE MODE');
      // The server ends the session once idle past the limit; until then the lock blocks this read, then it passes.
      const other = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
      try {
        expect(await other.query('SELECT count(*)::int AS n FROM tenants')).toEqual([{ n: expect.any(Number) }]);
      } finally {
        await other.destroy();
      }
      // The pool replaces the ended session.
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await runner.release().catch(() => undefined);
      await ds.destroy();
    }
  });

  it('sets no statement timeout unless asked (migrations and bulk loads may run long)', async () => {
    const ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    try {
      expect(await ds.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '0' }]);
      expect(await ds.query('SHOW lock_timeout')).toEqual([{ lock_timeout: '0' }]);
    } finally {
      await ds.destroy();
    }
  });

  it('does not call a broken query, a constraint violation or a non-error unavailable', async () => {
    const ds = await createDataSource({ url: db.url, poolSize: 1, statementTimeoutMs: 5_000 }).initialize();
    try {
      expect(isDatabaseUnavailable(await failure(() => ds.query('SELECT * FROM no_such_table')))).toBe(false);
      expect(isDatabaseUnavailable(await failure(() => ds.query(`INSERT INTO tenants (id, name, created_at) VALUES (NULL, 'x', now())`)))).toBe(false);
      expect([isDatabaseUnavailable(null), isDatabaseUnavailable('08006'), isDatabaseUnavailable(new Error('boom'))]).toEqual([false, false, false]);
    } finally {
      await ds.destroy();
    }
  });

  // Issue 33's fault drill: a PATCH during a Postgres restart answered 500. A pooled client whose connection the
  // restart killed answers its next query with this message, before the pool has dropped it.
  it('classifies a query on a client whose connection was killed as unavailable', async () => {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const errored = new Promise<void>((resolve) => client.once('error', () => resolve()));
    const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
    await db.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    await errored;
    const error = await failure(() => client.query('SELECT 1'));
    expect((error as Error).message).toBe('Client has encountered a connection error and is not queryable');
    expect(isDatabaseUnavailable(error)).toBe(true);
    await client.end().catch(() => undefined);
  });

  it('classifies a server that refuses connections as unavailable', async () => {
    const url = new URL(db.url);
    url.port = '1';
    const error = await failure(() => createDataSource({ url: url.toString(), poolSize: 1 }).initialize());
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
