import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const WORKSPACE_ROOT = resolve(__dirname, '..', '..', '..', '..');
const API_ROOT = join(WORKSPACE_ROOT, 'apps', 'api');

/** The built api, wherever its package says its entrypoint is (`main` of apps/api/package.json). */
export const API_ENTRYPOINT = join(API_ROOT, (JSON.parse(readFileSync(join(API_ROOT, 'package.json'), 'utf8')) as { main: string }).main);

/** A fixed secret so a run is reproducible; the api only requires 32 characters or more. */
export const TEST_CURSOR_SECRET = 'e2e-cursor-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface ApiProcess {
  baseUrl: string;
  /** What the process wrote so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves true once the child has exited, or false after `ms` (leaving no timer behind either way). */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  return new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) return r(true);
    const timer = setTimeout(() => r(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      r(true);
    });
  });
}

/**
 * Starts the built api (`node <apps/api main>`) on a free port against the given database, and resolves
 * once GET /healthz answers 200.
 */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  if (!existsSync(API_ENTRYPOINT)) {
    throw new Error(`${API_ENTRYPOINT} does not exist: build the api first (node_modules/.bin/tsc -b apps/api/tsconfig.build.json).`);
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [API_ENTRYPOINT], {
    cwd: WORKSPACE_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      API_PORT: String(port),
      PUBLIC_API_URL: baseUrl,
      CURSOR_SECRET: TEST_CURSOR_SECRET,
      LOG_LEVEL: process.env['E2E_API_LOG_LEVEL'] ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (!(await exited(child, 10_000))) {
      child.kill('SIGKILL');
      await exited(child, 10_000);
    }
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The api exited with code ${child.exitCode} before it was healthy:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The api did not answer GET /healthz with 200 within 30 s:\n${output}`);
    }
    await sleep(100);
  }
  return { baseUrl, output: () => output, stop };
}
