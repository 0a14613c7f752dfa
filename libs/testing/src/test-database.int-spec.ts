import { createTestDatabase } from './test-database';

describe('test databases (docs/contributing.md "Tests": one isolated database per test worker)', () => {
  it('gives each caller its own migrated database and drops it afterwards', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.name).not.toBe(b.name);
      await a.dataSource.query(`INSERT INTO tenants (id, name) VALUES ('tnt_only_in_a', 'A')`);
      expect(await b.dataSource.query(`SELECT id FROM tenants WHERE id = 'tnt_only_in_a'`)).toEqual([]);
      const migrations = await b.dataSource.query<{ name: string }[]>('SELECT name FROM schema_migrations');
      expect(migrations.map((m) => m.name)).toContain('InitialSchema1763800000000');
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
    const probe = await createTestDatabase();
    try {
      const rows = await probe.dataSource.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [[a.name, b.name]]);
      expect(rows).toEqual([]);
    } finally {
      await probe.drop();
    }
  });
});
