import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS } from '../data-source';
import { migrationSql } from './online/migration-sql';

/*
 * Every migration's SQL through squawk (squawk-cli), the linter for Postgres migrations: a statement that would lock a
 * live table (an index built without CONCURRENTLY, a default that rewrites, a foreign key validated at once, no
 * lock_timeout before a lock that blocks writes...) fails `npm test`, unless squawk-exceptions.json accepts it with a
 * reason (docs/operations.md "Migrations").
 */

interface Exceptions {
  rules_off: Record<string, string>;
  migrations: Record<string, Record<string, string>>;
}

interface Finding {
  file: string;
  line: number;
  rule_name: string;
  message: string;
}

const root = join(__dirname, '..', '..');
const exceptions = JSON.parse(readFileSync(join(root, 'squawk-exceptions.json'), 'utf8')) as Exceptions;
const squawk = join(root, '..', '..', 'node_modules', '.bin', 'squawk');

describe('migrations pass squawk, or are excepted with a reason', () => {
  let findings: Finding[];
  const names = MIGRATIONS.map((M) => new M().name ?? M.name);

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-squawk-'));
    try {
      for (const M of MIGRATIONS) {
        const migration = new M();
        writeFileSync(join(dir, `${migration.name ?? M.name}.sql`), await migrationSql(migration));
      }
      const run = spawnSync(squawk, ['--reporter', 'json', '--pg-version', '16', '--exclude', Object.keys(exceptions.rules_off).join(','), ...names.map((n) => join(dir, `${n}.sql`))], {
        encoding: 'utf8',
      });
      if (run.error) throw run.error;
      findings = (JSON.parse(run.stdout || '[]') as Finding[]).map((f) => ({ ...f, file: f.file.replace(/^.*\//, '').replace(/\.sql$/, '') }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds nothing that squawk-exceptions.json does not accept', () => {
    const unexcused = findings.filter((f) => !exceptions.migrations[f.file]?.[f.rule_name]);
    expect(unexcused.map((f) => `${f.file}:${f.line + 1} ${f.rule_name}: ${f.message}`)).toEqual([]);
  });

  it('gives every exception a reason, for a migration and a finding that exist', () => {
    const found = new Set(findings.map((f) => `${f.file} ${f.rule_name}`));
    const stale = Object.entries(exceptions.migrations).flatMap(([file, rules]) =>
      Object.entries(rules).filter(([rule, reason]) => !found.has(`${file} ${rule}`) || reason.trim().length < 20).map(([rule]) => `${file} ${rule}`),
    );
    expect(stale).toEqual([]);
    expect(Object.keys(exceptions.migrations).filter((file) => !names.includes(file))).toEqual([]);
  });
});
