import { isIdOf } from '@cs/domain';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { singleJsonObject } from './cli.test-harness';
import { findRepoRoot } from './demo/demo-file.store';

const ROOT = findRepoRoot(__dirname);
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const ENTRY = join(ROOT, 'tools', 'cli', 'dist', 'main.js');

/** The built CLI as operators and tools/stack run it: a real process, real stdout and exit code. */
describe('node tools/cli/dist/main.js', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    // Incremental: a few seconds when dist/ is current, longer on a clean checkout.
    execFileSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-b', 'tools/cli/tsconfig.build.json'], { cwd: ROOT, stdio: 'pipe' });
    db = await createTestDatabase();
  }, 180_000);
  afterAll(async () => {
    await db.drop();
  });

  const cli = (...args: string[]) =>
    spawnSync(NODE, [ENTRY, ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env['PATH'], DATABASE_URL: db.url } });

  it('workspace:create --json prints exactly one JSON object on stdout and exits 0', () => {
    const result = cli('workspace:create', '--name', 'Process Test', '--json');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\{[^\n]*\}\n$/);
    const out = singleJsonObject(result.stdout);
    expect(Object.keys(out)).toEqual(['id']);
    expect(isIdOf('workspace', String(out['id']))).toBe(true);
  });

  it('an unknown flag exits 1 with one error line on stderr and the error object as the only stdout', () => {
    const result = cli('workspace:create', '--name', 'X', '--colour', 'red', '--json');
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^\{[^\n]*\}\n$/);
    expect(singleJsonObject(result.stdout)).toEqual({ error: { code: 'usage_error', message: expect.stringContaining("Unknown option '--colour'") } });
    expect(result.stderr).toMatch(/^error: [^\n]+\n$/);
  });
});
