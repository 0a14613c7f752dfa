import { newId } from '@cs/domain';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { inTransaction } from './tx';
import { isUniqueViolation } from './unique-violation';

describe('isUniqueViolation (against the error TypeORM raises for a real PostgreSQL unique violation)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await db?.drop();
  });

  async function failureOf(work: Promise<unknown>): Promise<unknown> {
    return work.then(
      () => {
        throw new Error('expected the query to fail');
      },
      (error: unknown) => error,
    );
  }

  it('recognises the violated index by name, and nothing else', async () => {
    const workspace = await new Fixtures(db.dataSource).workspace();
    const insert = (name: string) =>
      inTransaction(db.dataSource, (tx) => tx.query(`INSERT INTO tags (id, workspace_id, name) VALUES ($1, $2, $3)`, [newId('tag'), workspace.id, name]));
    await insert('Launch');
    const duplicate = await failureOf(insert('LAUNCH'));
    expect(isUniqueViolation(duplicate, 'tags_name_key')).toBe(true);
    expect(isUniqueViolation(duplicate, 'users_email_key')).toBe(false);

    const otherError = await failureOf(inTransaction(db.dataSource, (tx) => tx.query(`INSERT INTO tags (id, workspace_id, name) VALUES ($1, 'ws_missing', 'x')`, [newId('tag')])));
    expect(isUniqueViolation(otherError, 'tags_name_key')).toBe(false);
    expect(isUniqueViolation(new Error('plain'), 'tags_name_key')).toBe(false);
    expect(isUniqueViolation(null, 'tags_name_key')).toBe(false);
  });
});
