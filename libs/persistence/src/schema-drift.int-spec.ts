import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { ENTITIES } from './data-source';

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
}

// TypeORM's own diff cannot be used as the drift check: it cannot express our composite foreign keys,
// CHECK constraints and expression indexes, and would report them all as drift. Columns are what the
// entities do describe, so every entity column must exist in the migrated schema as declared, and vice versa.
const TYPE_OF: Record<string, string> = {
  text: 'text',
  boolean: 'boolean',
  integer: 'integer',
  bigint: 'bigint',
  jsonb: 'jsonb',
  timestamptz: 'timestamp with time zone',
};

describe('schema drift (docs/contributing.md "Tests": a schema change without a migration fails CI)', () => {
  let db: TestDatabase;
  let columns: DbColumn[];

  beforeAll(async () => {
    db = await createTestDatabase();
    columns = await db.dataSource.query<DbColumn[]>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
    );
  });

  afterAll(() => db.drop());

  it('has, for every entity column, a migrated column of the same type and nullability', () => {
    for (const entity of ENTITIES) {
      const meta = db.dataSource.getMetadata(entity);
      for (const column of meta.columns) {
        const actual = columns.find((c) => c.table_name === meta.tableName && c.column_name === column.databaseName);
        const declared = String(column.type);
        expect({ table: meta.tableName, column: column.databaseName, exists: actual !== undefined }).toEqual({
          table: meta.tableName,
          column: column.databaseName,
          exists: true,
        });
        expect([meta.tableName, column.databaseName, actual?.data_type]).toEqual([
          meta.tableName,
          column.databaseName,
          column.isArray ? 'ARRAY' : TYPE_OF[declared] ?? declared,
        ]);
        expect([meta.tableName, column.databaseName, actual?.is_nullable === 'YES']).toEqual([meta.tableName, column.databaseName, column.isNullable]);
      }
    }
  });

  it('has an entity column for every migrated column', () => {
    const described = new Set(ENTITIES.flatMap((e) => {
      const meta = db.dataSource.getMetadata(e);
      return meta.columns.map((c) => `${meta.tableName}.${c.databaseName}`);
    }));
    const undescribed = columns.map((c) => `${c.table_name}.${c.column_name}`).filter((name) => !described.has(name));
    expect(undescribed).toEqual([]);
  });
});
