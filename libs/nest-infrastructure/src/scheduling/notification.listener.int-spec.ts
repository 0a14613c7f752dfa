import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { NotificationListener } from './notification.listener';

const CHANNEL = 'listener_test';

describe('NotificationListener (a Postgres LISTEN that wakes a poller early)', () => {
  let db: TestDatabase;
  let listener: NotificationListener | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(() => listener?.stop());
  afterAll(() => db.drop());

  const listen = async () => {
    const calls: number[] = [];
    listener = new NotificationListener(db.url, CHANNEL, () => calls.push(Date.now()));
    await listener.start();
    return calls;
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(check()).toBe(true);
  };

  it('calls back once on connect, for what was sent while not listening, and then on every notification', async () => {
    const calls = await listen();
    expect(calls).toHaveLength(1);
    await db.dataSource.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
    await until(() => calls.length === 2);
    await db.dataSource.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
    await until(() => calls.length === 3);
  });

  it('reconnects after its connection is killed, calls back on the new connection, and hears notifications again', async () => {
    const calls = await listen();
    await db.dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`listener-${CHANNEL}`]);
    await until(() => calls.length === 2);
    const before = calls.length;
    await db.dataSource.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
    await until(() => calls.length === before + 1);
  });

  it('stays quiet after stop()', async () => {
    const calls = await listen();
    await listener?.stop();
    await db.dataSource.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(1);
  });

  it('refuses a channel name that is not a plain identifier', () => {
    expect(() => new NotificationListener(db.url, 'x; DROP TABLE outbox', () => undefined)).toThrow('not a plain channel name');
  });
});
