import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SQL a migration's `up` sends, without a database: each statement recorded in order, every query answered with
 * no rows (so the online helpers see no index yet and take their building path). For linting (squawk), never for
 * running. A migration run in a transaction (the default) is wrapped in BEGIN/COMMIT, as runMigrations runs it.
 */
export async function migrationSql(migration: MigrationInterface): Promise<string> {
  const statements: string[] = [];
  const recorder = { query: async (sql: string) => (statements.push(sql.trim().replace(/;\s*$/, '')), []) } as unknown as QueryRunner;
  await migration.up(recorder);
  const body = statements.map((s) => `${s};`).join('\n\n');
  return migration.transaction === false ? `${body}\n` : `BEGIN;\n\n${body}\n\nCOMMIT;\n`;
}
