import { hashPassword } from '@cs/domain';
import { enableOAuthApps, registerClient } from '@cs/oauth';
import { MembershipEntity, type WorkspaceEntity } from '@cs/persistence';
import { type AppProcess, createTestDatabase, Fixtures, freePort, type Member, startAppProcess, type TestDatabase } from '@cs/testing';
import { type CallbackServer, startCallbackServer } from './callback-server';

/** Fixed secrets, so a run is reproducible; the apps only require 32 characters or more. */
export const TEST_SIGNING_KEY_SECRET = 'auth-e2e-signing-key-secret-0123456789abcdefghijkl';
const TEST_COOKIE_KEYS = 'auth-e2e-cookie-key-0123456789abcdefghijklmnopqrstu';
const TEST_CURSOR_SECRET = 'auth-e2e-cursor-secret-0123456789abcdefghijklmnopq';

/** A person with a password, as the browser signs in. */
export interface Person extends Member {
  email: string;
  password: string;
}

/** An OAuth client as its developer knows it after registration. */
export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  name: string;
  redirectUri: string;
  scopes: string[];
}

export interface AuthStack {
  /** PUBLIC_AUTH_URL: the issuer. Everything speaks to `localhost`, so the browser's cookies match. */
  readonly authUrl: string;
  /** PUBLIC_API_URL; the REST resource is `${apiUrl}/api/v1`. */
  readonly apiUrl: string;
  /** PUBLIC_MCP_URL: a resource the auth app issues tokens for; nothing listens there in this suite. */
  readonly mcpUrl: string;
  readonly apiResource: string;
  readonly db: TestDatabase;
  readonly fixtures: Fixtures;
  /** Receives the redirects of every client registered through `client()`. */
  readonly callback: CallbackServer;
  /** A workspace with OAuth apps enabled. */
  workspace(name?: string): Promise<WorkspaceEntity>;
  /** A user with a password; `email` must be unique in this run (sign-in throttling is per email in the shared Redis). */
  person(workspace: WorkspaceEntity, options?: { role?: 'admin' | 'member'; emailPrefix?: string }): Promise<Person>;
  /** Adds an existing user to another workspace. */
  join(person: Person, workspace: WorkspaceEntity, role?: 'admin' | 'member'): Promise<void>;
  /** Registers a client the way developer settings does (`registerClient`), redirecting to the callback server. */
  client(owner: Person, options?: { name?: string; scopes?: string[]; redirectUris?: string[] }): Promise<RegisteredClient>;
  /**
   * Another replica of the auth app: same database, Redis, cookie keys and issuer, its own port. Stopped by the
   * stack's afterAll.
   */
  replica(): Promise<{ url: string }>;
  /** The last lines both apps wrote (`console.log(stack.output())` while investigating a failure). */
  output(): string;
}

async function distinctFreePorts(): Promise<{ auth: number; api: number; mcp: number }> {
  const taken = new Set<number>();
  while (taken.size < 3) taken.add(await freePort());
  const [auth, api, mcp] = [...taken] as [number, number, number];
  return { auth, api, mcp };
}

const PASSWORD = 'correct horse battery staple';
const runId = `${process.pid}${Date.now().toString(36)}`;
let people = 0;

/**
 * Per test file: a database of its own, and the built auth and api apps started against it with the public
 * URLs pointing at each other, as in a deployment. Registers beforeAll/afterAll hooks.
 */
export function useAuthStack(): AuthStack {
  let db: TestDatabase | undefined;
  let fixtures: Fixtures | undefined;
  let auth: AppProcess | undefined;
  let api: AppProcess | undefined;
  let callback: CallbackServer | undefined;
  let ports: { auth: number; api: number; mcp: number } | undefined;
  let passwordHash: Promise<string> | undefined;

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: the stack's beforeAll has not run or failed`);
    return value;
  };
  const urls = () => {
    const p = ready(ports, 'The stack');
    return { auth: `http://localhost:${p.auth}`, api: `http://localhost:${p.api}`, mcp: `http://localhost:${p.mcp}/mcp` };
  };
  const sharedEnv = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    DATABASE_URL: ready(db, 'The database').url,
    REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
    PUBLIC_AUTH_URL: urls().auth,
    PUBLIC_API_URL: urls().api,
    PUBLIC_MCP_URL: urls().mcp,
  });
  const replicas: AppProcess[] = [];
  const startAuth = (port = ready(ports, 'The stack').auth) =>
    startAppProcess({
      app: 'auth',
      healthUrl: `http://localhost:${port}/healthz`,
      env: { ...sharedEnv(), AUTH_PORT: String(port), SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET, AUTH_COOKIE_KEYS: TEST_COOKIE_KEYS },
    });

  const stack: AuthStack = {
    get authUrl() {
      return urls().auth;
    },
    get apiUrl() {
      return urls().api;
    },
    get mcpUrl() {
      return urls().mcp;
    },
    get apiResource() {
      return `${urls().api}/api/v1`;
    },
    get db() {
      return ready(db, 'The database');
    },
    get fixtures() {
      return ready(fixtures, 'Fixtures');
    },
    get callback() {
      return ready(callback, 'The callback server');
    },
    async replica() {
      const port = await freePort();
      replicas.push(await startAuth(port));
      return { url: `http://localhost:${port}` };
    },
    async workspace(name) {
      const workspace = await stack.fixtures.workspace(name ? { name } : {});
      await enableOAuthApps(stack.db.dataSource, workspace.id);
      return { ...workspace, oauthAppsEnabled: true };
    },
    async person(workspace, options = {}) {
      const email = `${options.emailPrefix ?? 'person'}${++people}.${runId}@example.test`;
      // One password (hashed once: scrypt is slow on purpose) for everyone; the emails tell people apart.
      passwordHash ??= hashPassword(PASSWORD);
      const member = await stack.fixtures.member(workspace, { role: options.role ?? 'member', email, passwordHash: await passwordHash });
      return { ...member, email, password: PASSWORD };
    },
    async join(person, workspace, role = 'member') {
      await stack.db.dataSource.getRepository(MembershipEntity).save({ workspaceId: workspace.id, userId: person.user.id, role });
    },
    async client(owner, options = {}) {
      const name = options.name ?? 'Acme Notes Sync';
      const scopes = options.scopes ?? ['conversations:read', 'folders:read', 'email'];
      const redirectUris = options.redirectUris ?? [stack.callback.redirectUri];
      const { clientId, clientSecret } = await registerClient(
        stack.db.dataSource,
        { workspaceId: owner.workspace.id, userId: owner.user.id },
        { name, logoUri: null, redirectUris, scopes },
      );
      return { clientId, clientSecret, name, redirectUri: redirectUris[0] ?? stack.callback.redirectUri, scopes };
    },
    output() {
      return [auth, api].map((app) => (app ? `--- ${app.name} ---\n${app.output().slice(-8000)}` : '')).join('\n');
    },
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    ports = await distinctFreePorts();
    callback = await startCallbackServer();
    const started = await Promise.allSettled([
      startAuth(),
      startAppProcess({
        app: 'api',
        healthUrl: `${urls().api}/healthz`,
        env: { ...sharedEnv(), API_PORT: String(ports.api), CURSOR_SECRET: TEST_CURSOR_SECRET },
      }),
    ]);
    // Keep whichever started, so afterAll stops it even when the other failed.
    [auth, api] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    const failure = started.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([auth?.stop(), api?.stop(), callback?.close(), ...replicas.map((r) => r.stop())]);
    await db?.drop();
  }, 60_000);

  return stack;
}
