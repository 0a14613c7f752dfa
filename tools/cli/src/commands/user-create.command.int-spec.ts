import { verifyPassword } from '@cs/domain';
import { membershipOf, userById, workspacesOf } from '@cs/accounts';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { rowCounts, runCliAgainst, singleJsonObject } from '../cli.test-harness';

describe('user:create', () => {
  let db: TestDatabase;
  let f: Fixtures;
  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
  });
  /** Like findOneByOrFail: a row the command must have written. */
  const written = <T>(row: T | null, what: string): T => {
    if (row === null) throw new Error(`no ${what} was written`);
    return row;
  };
  afterAll(async () => {
    await db.drop();
  });

  const userCreate = (flags: Record<string, string>, extra: string[] = []) =>
    runCliAgainst(db.url, ['user:create', ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v]), ...extra, '--json']);

  it('creates the user with a scrypt-hashed password and the membership, and prints { id }', async () => {
    const ws = await f.workspace();
    const run = await userCreate({ workspace: ws.id, email: 'New.Person@Example.test', password: 'correct horse', role: 'admin' });
    expect(run.code).toBe(0);
    const out = singleJsonObject(run.stdout);
    expect(Object.keys(out)).toEqual(['id']);
    const user = written(await userById(db.dataSource, String(out['id'])), 'user');
    expect(user.email).toBe('new.person@example.test');
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('correct horse', user.passwordHash!)).toBe(true);
    const membership = written(await membershipOf(db.dataSource, ws.id, user.id), 'membership');
    expect(membership.role).toBe('admin');
  });

  it('reuses an existing user matched case-insensitively, leaving the password alone, and adds only the membership', async () => {
    const first = await f.workspace();
    const second = await f.workspace();
    const created = singleJsonObject((await userCreate({ workspace: first.id, email: 'shared@example.test', password: 'first-password', role: 'member' })).stdout);
    const run = await userCreate({ workspace: second.id, email: 'SHARED@example.test', password: 'another-password', role: 'member' });
    expect(run.code).toBe(0);
    expect(singleJsonObject(run.stdout)).toEqual({ id: created['id'] });
    const user = written(await userById(db.dataSource, String(created['id'])), 'user');
    expect(await verifyPassword('first-password', user.passwordHash!)).toBe(true);
    expect(await workspacesOf(db.dataSource, user.id)).toHaveLength(2);
  });

  it('refuses a duplicate membership with a conflict and writes nothing', async () => {
    const ws = await f.workspace();
    await userCreate({ workspace: ws.id, email: 'twice@example.test', password: 'password-1', role: 'member' });
    const before = await rowCounts(db.dataSource);
    const run = await userCreate({ workspace: ws.id, email: 'Twice@example.test', password: 'password-2', role: 'admin' });
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'conflict', message: `twice@example.test is already a member of workspace ${ws.id}` } });
    expect(await rowCounts(db.dataSource)).toEqual(before);
  });

  it.each([
    ['an unknown workspace', { workspace: 'ws_00000000000000000000000000', role: 'member' }, 'not_found', /workspace ws_0+ does not exist/],
    ['a malformed workspace id', { workspace: 'acme', role: 'member' }, 'not_found', /workspace acme does not exist/],
    ['a role outside admin|member', { role: 'owner' }, 'invalid_argument', /role must be one of admin, member/],
    ['a password under 8 characters', { role: 'member', password: 'short' }, 'invalid_argument', /at least 8 characters/],
    ['an email without a domain', { role: 'member', email: 'not-an-email' }, 'invalid_argument', /is not an email address/],
  ])('rejects %s with a clear error and writes nothing', async (_label, over, code, message) => {
    const ws = await f.workspace();
    const before = await rowCounts(db.dataSource);
    const run = await userCreate({ workspace: ws.id, email: 'someone@example.test', password: 'long enough', ...over } as Record<string, string>);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code, message: expect.stringMatching(message) } });
    expect(run.stderr).toMatch(/^error: /);
    expect(await rowCounts(db.dataSource)).toEqual(before);
  });

  it('rejects an unknown flag before touching the database', async () => {
    const ws = await f.workspace();
    const before = await rowCounts(db.dataSource);
    const run = await userCreate({ workspace: ws.id, email: 'flag@example.test', password: 'long enough', role: 'member' }, ['--admin']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'usage_error', message: expect.stringMatching(/Unknown option '--admin'/) } });
    expect(await rowCounts(db.dataSource)).toEqual(before);
  });

  it('requires every flag', async () => {
    const run = await runCliAgainst(db.url, ['user:create', '--email', 'x@example.test', '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'usage_error', message: 'missing required flag --workspace' } });
  });
});
