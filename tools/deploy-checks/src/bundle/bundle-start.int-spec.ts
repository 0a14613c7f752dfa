import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestDatabase, freePort, type TestDatabase } from '@cs/testing';
import { REPO_ROOT } from '../test-support/repo-paths';

/**
 * Each deployable's production bundle, built by docker/bundle-app.mjs exactly as the Dockerfile's build stage
 * does, started with `node dist/main.js` from a directory outside the repository, so only the packages the
 * bundle installed can be required. An app that imports a package its package.json (or its libs') does not
 * declare fails here, as it would in the image.
 */
interface Deployable {
  project: string;
  dir: string;
  /** The variable that sets its HTTP (or health) port. */
  portVariable?: string;
  /** Production settings it needs besides DATABASE_URL and REDIS_URL. */
  env?: Record<string, string>;
}

const secret = () => randomBytes(32).toString('base64url');
const DEPLOYABLES: Deployable[] = [
  { project: 'api', dir: 'apps/api', portVariable: 'API_PORT', env: { CURSOR_SECRET: secret(), RECORDER_CALLBACK_SECRET: secret(), WEBHOOK_SECRET_KEY: secret() } },
  { project: 'auth', dir: 'apps/auth', portVariable: 'AUTH_PORT', env: { AUTH_COOKIE_KEYS: secret(), SIGNING_KEY_SECRET: secret(), WEBHOOK_SECRET_KEY: secret(), TRUST_PROXY: 'true' } },
  { project: 'mcp', dir: 'apps/mcp', portVariable: 'MCP_PORT', env: { CURSOR_SECRET: secret() } },
  { project: 'webhook-worker', dir: 'apps/webhook-worker', portVariable: 'WEBHOOK_WORKER_PORT', env: { QUEUE_PREFIX: `deploy-checks-${randomBytes(4).toString('hex')}`, WEBHOOK_SECRET_KEY: secret() } },
  // Its queues get a prefix of this run's own, so parallel runs on one Redis never share jobs.
  { project: 'processor', dir: 'apps/processor', portVariable: 'PROCESSOR_PORT', env: { QUEUE_PREFIX: `deploy-checks-${randomBytes(4).toString('hex')}`, RECORDER_CALLBACK_SECRET: secret(), ALLOW_DEVELOPMENT_RECORDER: 'true' } },
];
const built = (d: { dir: string }) => existsSync(join(REPO_ROOT, d.dir, 'project.json'));

function bundle(project: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cs-bundle-${project}-`));
  // Nothing above the bundle may hold a node_modules, or a missing dependency could be found there.
  for (let up = dirname(dir); ; up = dirname(up)) {
    if (existsSync(join(up, 'node_modules'))) throw new Error(`${up}/node_modules exists: the bundle check would not be isolated`);
    if (dirname(up) === up) break;
  }
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'docker', 'bundle-app.mjs'), project, dir], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`bundle-app ${project} failed:\n${result.stderr}`);
  }
  return dir;
}

/** The environment of the container: nothing from this test process but PATH. */
function containerEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
}

async function waitForHealth(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before answering:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer 200 within 30 s:\n${output()}`);
}

describe('production bundles start with only their declared dependencies', () => {
  let database: TestDatabase;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const cleanup: (() => void)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) step();
    await database?.drop();
  });

  for (const app of DEPLOYABLES) {
    if (!built(app)) {
      it.todo(`${app.project}: not built yet (${app.dir} does not exist), so its bundle is not checked`);
      continue;
    }
    it(`${app.project}: the bundle answers /healthz and /readyz against Postgres and Redis`, async () => {
      const dir = bundle(app.project);
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      const summary = JSON.parse(readFileSync(join(dir, 'bundle.json'), 'utf8')) as { dependencies: Record<string, string> };
      expect(Object.keys(summary.dependencies).length).toBeGreaterThan(0);
      // Dev-only tools of the workspace never reach a bundle.
      for (const tool of ['typescript', 'jest', 'nx', 'eslint', '@swc/core']) expect(existsSync(join(dir, 'node_modules', tool))).toBe(false);

      const port = await freePort();
      let output = '';
      const child = spawn(process.execPath, ['dist/main.js'], {
        cwd: dir,
        env: containerEnv({
          ...app.env,
          [app.portVariable!]: String(port),
          DATABASE_URL: database.url,
          REDIS_URL: redisUrl,
          PUBLIC_API_URL: 'https://api.example.test',
          PUBLIC_AUTH_URL: 'https://auth.example.test',
          PUBLIC_MCP_URL: 'https://api.example.test/mcp',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      try {
        await waitForHealth(child, `http://127.0.0.1:${port}/healthz`, () => output);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(200);
      } finally {
        child.kill('SIGTERM');
      }
      // SIGTERM is how Kubernetes stops a pod: the app shuts down by itself, well inside the grace period.
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 25_000))]);
      if (code === 'timeout') child.kill('SIGKILL');
      expect(code).not.toBe('timeout');
    });
  }

  it('cli: the migration bundle runs `migrate --json` against the database', () => {
    const dir = bundle('cli');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const result = spawnSync(process.execPath, ['dist/main.js', 'migrate', '--json'], {
      cwd: dir,
      env: containerEnv({ DATABASE_URL: database.url }),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // The test database is cloned from a migrated template: nothing is left to apply.
    expect(JSON.parse(result.stdout)).toEqual({ applied: [] });
  });
});
