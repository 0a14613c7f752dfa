import { MIGRATIONS } from '@cs/persistence';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { Client } from 'pg';
import { runCliAgainst, singleJsonObject } from '../cli.test-harness';

describe('migrate', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    // Start from an empty schema: the test database comes migrated from its template.
    await db.dataSource.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('applies pending migrations and lists them under "applied"', async () => {
    const run = await runCliAgainst(db.url, ['migrate', '--json']);
    expect(run.code).toBe(0);
    expect(singleJsonObject(run.stdout)).toEqual({ applied: MIGRATIONS.map((m) => m.name) });
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const tables = await client.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'conversations'");
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('applies nothing on an up-to-date schema', async () => {
    const json = await runCliAgainst(db.url, ['migrate', '--json']);
    expect(singleJsonObject(json.stdout)).toEqual({ applied: [] });
    const human = await runCliAgainst(db.url, ['migrate']);
    expect(human.stdout).toBe('Schema is up to date; no migration applied.\n');
  });

  it('rejects an unknown flag', async () => {
    const run = await runCliAgainst(db.url, ['migrate', '--to', 'latest', '--json']);
    expect(run.code).toBe(1);
    expect(singleJsonObject(run.stdout)).toMatchObject({ error: { code: 'usage_error' } });
  });
});
