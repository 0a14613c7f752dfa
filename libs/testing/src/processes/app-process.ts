import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sleep } from '../e2e/polling';

/** The repository root: this file sits at libs/testing/{src,dist}/processes/, four levels down. */
export const WORKSPACE_ROOT = resolve(__dirname, '..', '..', '..', '..');

/** The built entrypoint of an app: the `main` of apps/<app>/package.json, resolved from the repository root. */
export function appEntrypoint(app: string): string {
  const root = join(WORKSPACE_ROOT, 'apps', app);
  const { main } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main?: string };
  if (!main) throw new Error(`apps/${app}/package.json has no "main"`);
  return join(root, main);
}

export interface AppProcess {
  /** The app's name, for messages. */
  readonly name: string;
  readonly pid: number | undefined;
  /** What the process wrote so far (stdout and stderr interleaved), for failure messages. */
  output(): string;
  /** SIGTERM, then SIGKILL if the process has not exited within 10 s. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartAppOptions {
  /** The app under apps/ whose built `main` is started with this very Node binary. */
  app: string;
  /** The whole environment the app gets on top of this process's own. */
  env: Record<string, string>;
  /** Polled until it answers 200 (GET /healthz of the app). */
  healthUrl: string;
  /** How long the app has to become healthy. */
  startTimeoutMs?: number;
}

/** Resolves true once the child has exited, or false after `ms` (leaving no timer behind either way). */
export function exited(child: ChildProcess, ms: number): Promise<boolean> {
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
 * Starts a built app as a child process (`node <apps/<app> main>`) and resolves once its health URL answers
 * 200; rejects with the app's output when it exits or stays unhealthy. The app must have been built first.
 */
export async function startAppProcess(options: StartAppOptions): Promise<AppProcess> {
  const entrypoint = appEntrypoint(options.app);
  if (!existsSync(entrypoint)) {
    throw new Error(`${entrypoint} does not exist: build the ${options.app} app first (node_modules/.bin/tsc -b apps/${options.app}/tsconfig.build.json).`);
  }
  let output = '';
  const child = spawn(process.execPath, [entrypoint], {
    cwd: WORKSPACE_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // 'exit' can come before the last of the pipes' data: a test reading output() after stop() must see all of it.
  const outputClosed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await exited(child, 10_000))) {
        child.kill('SIGKILL');
        await exited(child, 10_000);
      }
    }
    await outputClosed;
  };

  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${options.app} app exited with code ${child.exitCode} before it was healthy:\n${output}`);
    try {
      const response = await fetch(options.healthUrl);
      // Our apps answer {"status":"ok"}; anything else is another server that got the port (the app then exits on
      // EADDRINUSE, which the next turn reports) rather than a healthy app.
      const body = response.status === 200 ? ((await response.json().catch(() => null)) as { status?: unknown } | null) : null;
      if (body?.status === 'ok') break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The ${options.app} app did not answer GET ${options.healthUrl} with 200 within ${timeoutMs / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
  return { name: options.app, pid: child.pid, output: () => output, stop };
}
