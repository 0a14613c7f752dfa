import { isIdOf } from '@cs/domain';
import { tenantById, workspaceById } from '@cs/accounts';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { rowCounts, runCliAgainst, singleJsonObject } from '../cli.test-harness';

describe('workspace:create', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('creates a workspace inside a new tenant and prints { id } under --json', async () => {
    const run = await runCliAgainst(db.url, ['workspace:create', '--name', '  Initech Support  ', '--json']);
    expect(run.code).toBe(0);
    const out = singleJsonObject(run.stdout);
    expect(Object.keys(out)).toEqual(['id']);
    expect(isIdOf('workspace', String(out['id']))).toBe(true);
    const workspace = await workspaceById(db.dataSource, String(out['id']));
    expect(workspace?.name).toBe('Initech Support');
    const tenant = await tenantById(db.dataSource, workspace!.tenantId);
    expect(tenant?.name).toBe('Initech Support');
  });

  it('prints a human line without --json', async () => {
    const run = await runCliAgainst(db.url, ['workspace:create', '--name', 'Human Output']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Created workspace ws_[0-9a-z]{26} \("Human Output"\)\n$/);
  });

  it.each([
    ['an empty name', ['--name', '   '], 'invalid_argument', /must not be empty/],
    ['a name over 200 characters', ['--name', 'x'.repeat(201)], 'invalid_argument', /at most 200 characters/],
    ['a missing --name', [], 'usage_error', /missing required flag --name/],
    ['an unknown flag', ['--name', 'Ok', '--tenant', 'x'], 'usage_error', /Unknown option '--tenant'/],
    ['a positional argument', ['Acme'], 'usage_error', /Unexpected argument 'Acme'/],
  ])('rejects %s with a clear error and writes nothing', async (_label, flags, code, message) => {
    const before = await rowCounts(db.dataSource);
    const run = await runCliAgainst(db.url, ['workspace:create', ...flags, '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toEqual({ error: { code, message: expect.stringMatching(message) } });
    expect(run.stderr).toMatch(/^error: .+\n$/);
    expect(await rowCounts(db.dataSource)).toEqual(before);
  });

  it('accepts a name of exactly 200 characters', async () => {
    const run = await runCliAgainst(db.url, ['workspace:create', '--name', 'n'.repeat(200), '--json']);
    expect(run.code).toBe(0);
  });
});
