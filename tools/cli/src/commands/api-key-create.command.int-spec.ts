import { secretDigest, secretHint } from '@cs/domain';
import { apiKeyById, type ApiKeyRow } from '@cs/accounts';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { rowCounts, runCliAgainst, singleJsonObject } from '../cli.test-harness';

describe('api-key:create', () => {
  let db: TestDatabase;
  let f: Fixtures;
  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
  });
  const storedKey = async (id: string): Promise<ApiKeyRow> => {
    const row = await apiKeyById(db.dataSource, id);
    if (!row) throw new Error(`no api key ${id}`);
    return row;
  };
  afterAll(async () => {
    await db.drop();
  });

  it('creates a key for a member, prints { id, key } once and stores only its digest and hint', async () => {
    const ws = await f.workspace();
    const member = await f.member(ws, { email: 'Keyholder@example.test' });
    const run = await runCliAgainst(db.url, ['api-key:create', '--workspace', ws.id, '--email', 'keyholder@EXAMPLE.test', '--name', 'Zapier', '--json']);
    expect(run.code).toBe(0);
    const out = singleJsonObject(run.stdout);
    expect(Object.keys(out).sort()).toEqual(['id', 'key']);
    expect(out['key']).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    const row = await storedKey(String(out['id']));
    expect(row).toMatchObject({ workspaceId: ws.id, userId: member.user.id, name: 'Zapier', revokedAt: null });
    expect(row.secretDigest).toBe(secretDigest(String(out['key'])));
    expect(row.hint).toBe(secretHint(String(out['key'])));
    expect(JSON.stringify(row)).not.toContain(String(out['key']));
  });

  it('names the key "CLI key" when --name is omitted', async () => {
    const ws = await f.workspace();
    await f.member(ws, { email: 'default-name@example.test' });
    const out = singleJsonObject((await runCliAgainst(db.url, ['api-key:create', '--workspace', ws.id, '--email', 'default-name@example.test', '--json'])).stdout);
    expect((await storedKey(String(out['id']))).name).toBe('CLI key');
  });

  it('refuses a user who is a member of another workspace only, and writes nothing', async () => {
    const ws = await f.workspace();
    const elsewhere = await f.workspace();
    await f.member(elsewhere, { email: 'outsider@example.test' });
    const before = await rowCounts(db.dataSource);
    const run = await runCliAgainst(db.url, ['api-key:create', '--workspace', ws.id, '--email', 'outsider@example.test', '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code: 'not_found', message: `outsider@example.test is not a member of workspace ${ws.id}` } });
    expect(await rowCounts(db.dataSource)).toEqual(before);
  });

  it.each([
    ['an unknown workspace', ['--workspace', 'ws_00000000000000000000000000', '--email', 'a@example.test'], 'not_found', /does not exist/],
    ['an unknown email', ['--email', 'nobody@example.test'], 'not_found', /is not a member/],
    ['a malformed email', ['--email', 'nobody'], 'invalid_argument', /is not an email address/],
    ['a name over 100 characters', ['--email', 'a@example.test', '--name', 'k'.repeat(101)], 'invalid_argument', /at most 100 characters/],
    ['an unknown flag', ['--email', 'a@example.test', '--scopes', 'all'], 'usage_error', /Unknown option '--scopes'/],
  ])('rejects %s with a clear error and writes nothing', async (_label, flags, code, message) => {
    const ws = await f.workspace();
    await f.member(ws, { email: `a${Date.now()}@example.test` });
    const before = await rowCounts(db.dataSource);
    const args = flags.includes('--workspace') ? flags : ['--workspace', ws.id, ...flags];
    const run = await runCliAgainst(db.url, ['api-key:create', ...args, '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code, message: expect.stringMatching(message) } });
    expect(await rowCounts(db.dataSource)).toEqual(before);
  });
});
