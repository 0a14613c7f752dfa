import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { DataSource } from 'typeorm';
import { readQueryable } from './pool-queryable';

describe('readQueryable', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(() => db.drop());

  it('returns the same rows as DataSource.query, parameters bound, on the DataSource connections', async () => {
    const sql = `SELECT $1::text AS name, $2::int AS n, now() AS at, ARRAY['a','b'] AS tags, '{"k":1}'::jsonb AS doc, current_setting('application_name') AS app`;
    const parameters = ['x', 7];
    const direct = await readQueryable(db.dataSource).query<Record<string, unknown>>(sql, parameters);
    const viaTypeorm = await db.dataSource.query<Record<string, unknown>[]>(sql, parameters);
    expect(direct).toHaveLength(1);
    // Same types out (Date, number, array, parsed JSON), so Catalog answers cannot change with the switch.
    expect({ ...direct[0], at: null }).toEqual({ ...viaTypeorm[0], at: null });
    expect(direct[0]?.['at']).toBeInstanceOf(Date);
    expect(direct[0]?.['app']).toBe(viaTypeorm[0]?.['app']);
  });

  it('refuses a DataSource that is not initialized (it has no pool yet)', () => {
    const idle = new DataSource({ type: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    expect(() => readQueryable(idle)).toThrow(/initialized/);
  });
});
