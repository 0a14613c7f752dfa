import { secretDigest, verifyPassword } from '@cs/domain';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rowCounts, runCliAgainst, singleJsonObject } from '../cli.test-harness';
import type { DemoFile } from './demo-file.store';

describe('seed:demo idempotency', () => {
  let db: TestDatabase;
  let dir: string;
  let demoFile: string;

  const seed = async (env: NodeJS.ProcessEnv = {}) => {
    const run = await runCliAgainst(db.url, ['seed:demo', '--json'], { DEMO_FILE: demoFile, ...env });
    if (run.code !== 0) throw new Error(run.stderr);
    return singleJsonObject(run.stdout) as unknown as DemoFile;
  };
  const readFile = () => JSON.parse(readFileSync(demoFile, 'utf8')) as DemoFile;

  /** Each key in the file is stored (by digest), unrevoked, and each password verifies. */
  const expectWorkingCredentials = async (demo: DemoFile) => {
    for (const user of demo.users) {
      const [key] = (await db.dataSource.query('SELECT revoked_at FROM api_keys WHERE secret_digest = $1 AND workspace_id = $2', [
        secretDigest(user.api_key),
        user.workspace_id,
      ])) as Array<{ revoked_at: Date | null }>;
      expect(key).toEqual({ revoked_at: null });
      const [row] = (await db.dataSource.query('SELECT password_hash FROM users WHERE email = $1', [user.email])) as Array<{ password_hash: string }>;
      expect(await verifyPassword(user.password, row!.password_hash)).toBe(true);
    }
  };

  beforeEach(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'cs-demo-'));
    demoFile = join(dir, 'nested', 'demo.json');
  });
  afterEach(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('running the seed twice duplicates nothing and returns the same keys and passwords', async () => {
    const first = await seed();
    const counts = await rowCounts(db.dataSource);
    const second = await seed();
    expect(second).toEqual(first);
    expect(await rowCounts(db.dataSource)).toEqual(counts);
    expect(readFile()).toEqual(first);
  });

  it('a seed with demo.json missing issues new working credentials and rewrites the file, adding no demo content', async () => {
    const first = await seed();
    const counts = await rowCounts(db.dataSource);
    unlinkSync(demoFile);
    const second = await seed();
    expect(second.workspaces).toEqual(first.workspaces);
    for (const [i, user] of second.users.entries()) {
      expect(user.api_key).not.toBe(first.users[i]!.api_key);
      expect(user.password).not.toBe(first.users[i]!.password);
    }
    expect(readFile()).toEqual(second);
    expect(statSync(demoFile).mode & 0o777).toBe(0o600);
    await expectWorkingCredentials(second);
    expect(await rowCounts(db.dataSource)).toEqual({ ...counts, api_keys: counts['api_keys']! + 3 });
  });

  it('a demo.json whose key was revoked is stale and gets rewritten with working keys', async () => {
    const first = await seed();
    await db.dataSource.query('UPDATE api_keys SET revoked_at = now() WHERE secret_digest = $1', [secretDigest(first.users[1]!.api_key)]);
    const second = await seed();
    expect(second.users[1]!.api_key).not.toBe(first.users[1]!.api_key);
    await expectWorkingCredentials(second);
  });

  it('an unreadable demo.json is treated as missing', async () => {
    await seed();
    writeFileSync(demoFile, '{ not json');
    const second = await seed();
    await expectWorkingCredentials(second);
    expect(readFile()).toEqual(second);
  });

  it('keeps keys and passwords but follows changed public URLs', async () => {
    const first = await seed();
    const second = await seed({ PUBLIC_API_URL: 'https://api.example.test/' });
    expect(second).toEqual({ ...first, api_url: 'https://api.example.test/api/v1' });
    expect(readFile()).toEqual(second);
  });

  it('a first seed that fails half-way leaves nothing behind', async () => {
    // The last insert of a first seed is the API keys; make it fail so everything before it must roll back.
    await db.dataSource.query(`
      CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$;
      CREATE TRIGGER refuse_api_keys BEFORE INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION refuse_insert();`);
    const before = await rowCounts(db.dataSource);
    const run = await runCliAgainst(db.url, ['seed:demo', '--json'], { DEMO_FILE: demoFile });
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'internal_error', message: expect.stringContaining('refused by test') } });
    expect(await rowCounts(db.dataSource)).toEqual(before);
    expect(() => statSync(demoFile)).toThrow();

    await db.dataSource.query('DROP TRIGGER refuse_api_keys ON api_keys');
    await expectWorkingCredentials(await seed());
  });

  it('two concurrent seeds produce one demo', async () => {
    const [a, b] = await Promise.all([seed(), seed()]);
    const [row] = (await db.dataSource.query("SELECT count(*)::int AS n FROM workspaces WHERE name = 'Acme Product'")) as Array<{ n: number }>;
    expect(row!.n).toBe(1);
    expect(a.workspaces).toEqual(b.workspaces);
  });
});
