import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, NetworkInTransactionGuard, type TestDatabase } from '@cs/testing';
import type { Tx } from '@cs/writes';
import { forgetSettledRecorderWork, recordStatusWebhook, type RecorderWorkRow, runRecorderWork, type WorkHandler } from './recorder-work.store';

describe('recorder work (real Postgres)', () => {
  let db: TestDatabase;
  const schedule = { attempts: 3, backoffMs: 1_000, maxDelayMs: 60_000 };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());
  beforeEach(() => db.dataSource.query('DELETE FROM recorder_work'));

  const rows = () =>
    db.dataSource.query(`SELECT id, attempts, outcome, done_at, next_attempt_at, last_error FROM recorder_work ORDER BY created_at, id`) as Promise<
      Array<{ id: string; attempts: number; outcome: string | null; done_at: Date | null; next_attempt_at: Date; last_error: string | null }>
    >;
  const record = (messageId: string, now = new Date()) =>
    recordStatusWebhook(db.dataSource, { provider: 'recall', messageId, providerBotId: 'r1', botId: null, payload: { code: 'joining_call' } }, now);

  it('keeps each message once: a redelivery is a duplicate', async () => {
    expect(await record('msg_1')).toBe('recorded');
    expect(await record('msg_1')).toBe('duplicate');
    expect((await rows()).map((r) => r.id)).toEqual(['recall:msg_1']);
  });

  it('settles rows oldest first, each with what it wrote in the same transaction', async () => {
    await record('msg_a', new Date(Date.now() - 2_000));
    await record('msg_b', new Date(Date.now() - 1_000));
    const seen: string[] = [];
    const handler: WorkHandler = {
      fetch: async () => null,
      handle: async (tx: Tx, row: RecorderWorkRow) => {
        seen.push(row.id);
        await tx.query(`UPDATE recorder_work SET last_error = 'touched by ' || id WHERE id = $1`, [row.id]);
        return 'applied';
      },
      giveUp: async () => 'gave_up',
    };
    expect(await runRecorderWork(db.dataSource, 'recall', handler, schedule)).toBe(2);
    expect(seen).toEqual(['recall:msg_a', 'recall:msg_b']);
    expect((await rows()).map((r) => [r.outcome, r.last_error, r.done_at !== null])).toEqual([
      ['applied', 'touched by recall:msg_a', true],
      ['applied', 'touched by recall:msg_b', true],
    ]);
    expect(await runRecorderWork(db.dataSource, 'other', handler, schedule)).toBe(0);
  });

  it('undoes what a failing attempt wrote, retries after a doubling delay, then gives up in the last attempt\'s transaction', async () => {
    await record('msg_f');
    let now = new Date();
    const handler: WorkHandler = {
      fetch: async () => null,
      handle: async (tx: Tx, row: RecorderWorkRow) => {
        await tx.query(`UPDATE recorder_work SET outcome = 'half-done' WHERE id = $1`, [row.id]);
        throw new Error('recall is down');
      },
      giveUp: async (tx: Tx, row: RecorderWorkRow, error: Error) => `gave_up after ${row.attempts + 1}: ${error.message}`,
    };
    const run = () => runRecorderWork(db.dataSource, 'recall', handler, schedule, { now: () => now });
    expect(await run()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, outcome: null, done_at: null, last_error: 'recall is down' });
    expect(row!.next_attempt_at.getTime() - now.getTime()).toBe(1_000);
    expect(await run()).toBe(0); // not due yet

    now = new Date(now.getTime() + 1_000);
    expect(await run()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 2, done_at: null });
    expect(row!.next_attempt_at.getTime() - now.getTime()).toBe(2_000);

    now = new Date(now.getTime() + 2_000);
    expect(await run()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ attempts: 3, outcome: 'gave_up after 3: recall is down' });
    expect(row!.done_at).not.toBeNull();
  });

  it('shares rows between concurrent runs without handling one twice (SKIP LOCKED)', async () => {
    for (let i = 0; i < 6; i++) await record(`msg_c${i}`);
    const handled: string[] = [];
    const handler: WorkHandler = {
      fetch: async () => null,
      handle: async (_tx: Tx, row: RecorderWorkRow) => {
        handled.push(row.id);
        await new Promise((r) => setTimeout(r, 20));
        return 'applied';
      },
      giveUp: async () => 'gave_up',
    };
    const counts = await Promise.all([1, 2, 3].map(() => runRecorderWork(db.dataSource, 'recall', handler, schedule)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(new Set(handled).size).toBe(6);
    expect(handled).toHaveLength(6);
  });

  it('calls the provider with no transaction open, then records its answer in a transaction of its own', async () => {
    const server: Server = createServer((_req, res) => res.end('{"status":"done"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bot`;
    const guard = new NetworkInTransactionGuard([db.dataSource]).start();
    try {
      await record('msg_n');
      const handler: WorkHandler<string> = {
        fetch: async () => (await (await fetch(url)).json() as { status: string }).status,
        handle: async (tx: Tx, row: RecorderWorkRow, status: string) => {
          await tx.query(`UPDATE recorder_work SET last_error = $2 WHERE id = $1`, [row.id, `remote said ${status}`]);
          return 'applied';
        },
        giveUp: async () => 'gave_up',
      };
      expect(await runRecorderWork(db.dataSource, 'recall', handler, schedule)).toBe(1);
      expect((await rows()).map((r) => [r.outcome, r.last_error])).toEqual([['applied', 'remote said done']]);
      guard.assertNone();
    } finally {
      guard.stop();
      server.close();
    }
  });

  it('the guard catches a call made inside a transaction', async () => {
    const server: Server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const guard = new NetworkInTransactionGuard([db.dataSource]).start();
    try {
      await db.dataSource.transaction(async (m) => {
        await m.query('SELECT 1');
        await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/inside`)).text();
      });
      expect(guard.violations).toHaveLength(1);
      expect(guard.violations[0]).toContain('/inside');
    } finally {
      guard.stop();
      server.close();
    }
  });

  it('leaves a row whose worker died after taking it to be taken again when the lease ends, and records it once', async () => {
    await record('msg_l');
    let now = new Date();
    const leaseMs = 60_000;
    let releaseFirst!: (value: string) => void;
    let firstTook!: () => void;
    const took = new Promise<void>((resolve) => (firstTook = resolve));
    const outcomes: string[] = [];
    const stuck: WorkHandler<string> = {
      // A worker that hangs on the provider as long as the test says (as good as dead to the others).
      fetch: () => new Promise<string>((resolve) => { releaseFirst = resolve; firstTook(); }),
      handle: async (_tx, _row, answer) => (outcomes.push(`first ${answer}`), 'first'),
      giveUp: async () => 'gave_up',
    };
    const prompt: WorkHandler<string> = {
      fetch: async () => 'answer',
      handle: async (_tx, _row, answer) => (outcomes.push(`second ${answer}`), 'second'),
      giveUp: async () => 'gave_up',
    };
    const first = runRecorderWork(db.dataSource, 'recall', stuck, schedule, { now: () => now, leaseMs });
    await took;
    // No transaction is held while it hangs, and the row is not due for anyone else before the lease ends.
    expect(await db.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`)).toEqual([{ n: 0 }]);
    expect(await runRecorderWork(db.dataSource, 'recall', prompt, schedule, { now: () => now, leaseMs })).toBe(0);
    now = new Date(now.getTime() + leaseMs);
    expect(await runRecorderWork(db.dataSource, 'recall', prompt, schedule, { now: () => now, leaseMs })).toBe(1);
    releaseFirst('late');
    await first;
    expect(outcomes).toEqual(['second answer']);
    expect((await rows()).map((r) => [r.outcome, r.done_at !== null])).toEqual([['second', true]]);
  });

  it('forgets rows settled more than 7 days ago', async () => {
    await record('msg_old');
    await record('msg_new');
    await db.dataSource.query(`UPDATE recorder_work SET done_at = now() - interval '8 days' WHERE id = 'recall:msg_old'`);
    await db.dataSource.query(`UPDATE recorder_work SET done_at = now() - interval '6 days' WHERE id = 'recall:msg_new'`);
    expect(await forgetSettledRecorderWork(db.dataSource)).toBe(1);
    expect((await rows()).map((r) => r.id)).toEqual(['recall:msg_new']);
  });
});
