import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { Redis } from 'ioredis';
import { publishRevocation, REVOCATION_RETENTION_SECONDS } from './publish-revocation';
import { RevocationList } from './revocation-list';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 1000): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(1);
  }
  return performance.now() - started;
}

describe('the revocation list (docs/api.md "OAuth": revocation takes effect on the very next call)', () => {
  let db: TestDatabase;
  // The authorization server's connection: another "process" as far as the list is concerned.
  let publisher: Redis;
  const lists: RevocationList[] = [];
  // One channel per run, so parallel runs on the same Redis do not hear each other.
  const channel = `cs:oauth:revocations:test:${process.pid}:${randomBytes(4).toString('hex')}`;

  async function startedList(options: { channel?: string; redisUrl?: string; connectTimeoutMs?: number } = {}): Promise<RevocationList> {
    const list = new RevocationList({ db: db.dataSource, redisUrl: REDIS_URL, channel, ...options });
    lists.push(list);
    await list.start();
    return list;
  }

  const revoke = (kind: 'grant' | 'client', id: string) => publishRevocation(db.dataSource, publisher, { kind, id }, { channel });

  /** A revocation written to Postgres only, as if its announcement had been lost. */
  const writeRowOnly = (kind: 'grant' | 'client', id: string, expiresInSeconds = REVOCATION_RETENTION_SECONDS) =>
    db.dataSource.query(`INSERT INTO oauth_revocations (kind, id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [
      kind,
      id,
      expiresInSeconds,
    ]);

  async function subscriberIds(name: string): Promise<string[]> {
    const clients = (await publisher.client('LIST')) as string;
    return clients
      .split('\n')
      .filter((line) => line.includes(` name=${name} `))
      .map((line) => /(?:^|\s)id=(\d+)/.exec(line)?.[1] ?? '')
      .filter(Boolean);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    publisher = new Redis(REDIS_URL);
  });

  afterEach(async () => {
    await Promise.all(lists.splice(0).map((l) => l.stop()));
  });

  afterAll(async () => {
    publisher.disconnect();
    await db.drop();
  });

  it('sees a published revocation on the next check', async () => {
    const list = await startedList();
    const total: number[] = [];
    const afterPublish: number[] = [];
    let seenOnFirstCheck = 0;
    let seenAfterOneTurn = 0;
    for (let i = 0; i < 50; i++) {
      const grantId = unique('grant');
      const clientId = unique('ext');
      expect(list.isRevoked({ grantId, clientId })).toBe(false);
      const started = performance.now();
      await revoke(i % 2 ? 'grant' : 'client', i % 2 ? grantId : clientId);
      const published = performance.now();
      if (list.isRevoked({ grantId, clientId })) seenOnFirstCheck += 1;
      await new Promise(setImmediate);
      if (list.isRevoked({ grantId, clientId })) seenAfterOneTurn += 1;
      await until(() => list.isRevoked({ grantId, clientId }));
      const revoked = performance.now();
      total.push(revoked - started);
      afterPublish.push(revoked - published);
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
      return `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`;
    };
    process.stdout.write(
      `revocation pub/sub over 50 revocations: revoked at the first synchronous check after PUBLISH resolved ${seenOnFirstCheck}/50, ` +
        `after one more event-loop turn ${seenAfterOneTurn}/50; from PUBLISH resolved to revoked ${summary(afterPublish)}; ` +
        `from publishRevocation() called (upsert + publish + delivery) ${summary(total)}\n`,
    );
    expect(Math.max(...afterPublish)).toBeLessThan(1000);
  });

  it('loads the revocations written before it started, and ignores expired rows', async () => {
    const [grant, client, expired] = [unique('grant'), unique('ext'), unique('grant')];
    await writeRowOnly('grant', grant);
    await writeRowOnly('client', client);
    await writeRowOnly('grant', expired, -1);
    const list = await startedList();
    expect(list.isRevoked({ grantId: grant, clientId: unique('ext') })).toBe(true);
    expect(list.isRevoked({ grantId: unique('grant'), clientId: client })).toBe(true);
    expect(list.isRevoked({ grantId: expired, clientId: unique('ext') })).toBe(false);
  });

  it('forgets a revocation once every token it concerned has expired', async () => {
    const list = await startedList();
    const held = list.size().grant;
    const grantId = unique('grant');
    list.add({ kind: 'grant', id: grantId, expiresAt: new Date(Date.now() + 100) });
    expect(list.isRevoked({ grantId, clientId: unique('ext') })).toBe(true);
    expect(list.size().grant).toBe(held + 1);
    await sleep(120);
    await list.reload();
    expect(list.size().grant).toBe(held);
    expect(list.isRevoked({ grantId, clientId: unique('ext') })).toBe(false);
  });

  it('catches up from Postgres when its Redis connection comes back, so a missed announcement is not lost', async () => {
    const ownChannel = `${channel}:reconnect`;
    const name = `revocations:${ownChannel}`;
    const list = await startedList({ channel: ownChannel });
    const [before, ...others] = await subscriberIds(name);
    expect(before).toBeDefined();
    expect(others).toEqual([]);

    // Written while nobody announced it: only a reload can find it.
    const missed = unique('grant');
    await writeRowOnly('grant', missed);
    await sleep(50);
    expect(list.isRevoked({ grantId: missed, clientId: unique('ext') })).toBe(false);

    await publisher.client('KILL', 'ID', before!);
    const recovery = await until(() => list.isRevoked({ grantId: missed, clientId: unique('ext') }), 5000);
    process.stdout.write(`revocation list: reloaded ${recovery.toFixed(0)} ms after its connection was killed\n`);
    const [after] = await subscriberIds(name);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);

    // And it listens again on the new connection.
    const grantId = unique('grant');
    await publishRevocation(db.dataSource, publisher, { kind: 'grant', id: grantId }, { channel: ownChannel });
    await until(() => list.isRevoked({ grantId, clientId: unique('ext') }));
  });

  it('reloads from Postgres periodically, behind pub/sub', async () => {
    const list = new RevocationList({ db: db.dataSource, redisUrl: REDIS_URL, channel, reloadIntervalMs: 100 });
    lists.push(list);
    await list.start();
    const grantId = unique('grant');
    await writeRowOnly('grant', grantId);
    await until(() => list.isRevoked({ grantId, clientId: unique('ext') }), 1000);
  });

  it('starts from Postgres alone when Redis is unreachable', async () => {
    const grantId = unique('grant');
    await writeRowOnly('grant', grantId);
    const list = await startedList({ redisUrl: 'redis://127.0.0.1:1', connectTimeoutMs: 200 });
    expect(list.isRevoked({ grantId, clientId: unique('ext') })).toBe(true);
    await list.stop();
  });

  it('ignores malformed messages on the channel', async () => {
    const list = await startedList();
    await publisher.publish(channel, 'not json');
    await publisher.publish(channel, JSON.stringify({ kind: 'user', id: 'x', expires_at: new Date(Date.now() + 60_000).toISOString() }));
    const grantId = unique('grant');
    await revoke('grant', grantId);
    await until(() => list.isRevoked({ grantId, clientId: unique('ext') }));
    expect(list.isRevoked({ grantId: 'x', clientId: 'x' })).toBe(false);
  });

  it('keeps one row per grant or client, with the later expiry, when revoked twice', async () => {
    const id = unique('ext');
    const first = await revoke('client', id);
    await sleep(20);
    const second = await revoke('client', id);
    expect(second.expiresAt.getTime()).toBeGreaterThan(first.expiresAt.getTime());
    const rows = await db.dataSource.query<{ expires_at: Date; revoked_at: Date }[]>(
      'SELECT expires_at, revoked_at FROM oauth_revocations WHERE kind = $1 AND id = $2',
      ['client', id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expires_at.getTime()).toBe(second.expiresAt.getTime());
    // Retained until every access token it could concern has expired, plus a margin.
    expect(rows[0]!.expires_at.getTime() - rows[0]!.revoked_at.getTime()).toBeGreaterThanOrEqual(REVOCATION_RETENTION_SECONDS * 1000);
  });

  it('closes its subscriber connection on stop', async () => {
    const ownChannel = `${channel}:stop`;
    const list = await startedList({ channel: ownChannel });
    expect(await subscriberIds(`revocations:${ownChannel}`)).toHaveLength(1);
    await list.stop();
    await until(async () => (await subscriberIds(`revocations:${ownChannel}`)).length === 0);
  });
});
