import { hashPassword } from '@cs/domain';
import { enableOAuthApps, registerClient } from '@cs/oauth';
import type { WorkspaceEntity } from '@cs/persistence';
import { type AppProcess, createTestDatabase, Fixtures, freePort, type Member, startAppProcess, type TestDatabase } from '@cs/testing';

const TEST_SIGNING_KEY_SECRET = 'mcp-e2e-signing-key-secret-0123456789abcdefghijklm';
const TEST_COOKIE_KEYS = 'mcp-e2e-cookie-key-0123456789abcdefghijklmnopqrstuv';
const TEST_CURSOR_SECRET = 'mcp-e2e-cursor-secret-0123456789abcdefghijklmnopqr';
const PASSWORD = 'correct horse battery staple';

/** Never contacted: the headless user reads the code from the Location header of the redirect to it. */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface Person extends Member {
  email: string;
  password: string;
}

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scopes: string[];
}

export interface McpStack {
  readonly authUrl: string;
  readonly apiUrl: string;
  /** PUBLIC_MCP_URL: the MCP endpoint and the resource (token audience). */
  readonly mcpUrl: string;
  readonly mcpOrigin: string;
  readonly db: TestDatabase;
  readonly fixtures: Fixtures;
  /** A workspace with OAuth apps enabled. */
  workspace(name?: string): Promise<WorkspaceEntity>;
  person(workspace: WorkspaceEntity, role?: 'admin' | 'member'): Promise<Person>;
  /** A client registered as developer settings does it (`registerClient`), as the operator CLI's oauth-client:create does too. */
  client(owner: Person, scopes?: string[]): Promise<RegisteredClient>;
  output(): string;
}

const runId = `${process.pid}${Date.now().toString(36)}`;
let people = 0;

/**
 * Per test file: a database of its own and the built auth, api and mcp apps started against it, each knowing
 * the others' public URLs as in a deployment. Registers beforeAll/afterAll hooks.
 */
export function useMcpStack(): McpStack {
  let db: TestDatabase | undefined;
  let fixtures: Fixtures | undefined;
  let ports: { auth: number; api: number; mcp: number } | undefined;
  let apps: (AppProcess | undefined)[] = [];
  let passwordHash: Promise<string> | undefined;

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: the stack's beforeAll has not run or failed`);
    return value;
  };
  const urls = () => {
    const p = ready(ports, 'The stack');
    return { auth: `http://localhost:${p.auth}`, api: `http://localhost:${p.api}`, mcpOrigin: `http://localhost:${p.mcp}`, mcp: `http://localhost:${p.mcp}/mcp` };
  };

  const stack: McpStack = {
    get authUrl() {
      return urls().auth;
    },
    get apiUrl() {
      return urls().api;
    },
    get mcpUrl() {
      return urls().mcp;
    },
    get mcpOrigin() {
      return urls().mcpOrigin;
    },
    get db() {
      return ready(db, 'The database');
    },
    get fixtures() {
      return ready(fixtures, 'Fixtures');
    },
    async workspace(name) {
      const workspace = await stack.fixtures.workspace(name ? { name } : {});
      await enableOAuthApps(stack.db.dataSource, workspace.id);
      return { ...workspace, oauthAppsEnabled: true };
    },
    async person(workspace, role = 'member') {
      const email = `mcp-person${++people}.${runId}@example.test`;
      passwordHash ??= hashPassword(PASSWORD);
      const member = await stack.fixtures.member(workspace, { role, email, passwordHash: await passwordHash });
      return { ...member, email, password: PASSWORD };
    },
    async client(owner, scopes = ['conversations:read', 'folders:read', 'email']) {
      const { clientId, clientSecret } = await registerClient(
        stack.db.dataSource,
        { workspaceId: owner.workspace.id, userId: owner.user.id },
        { name: 'Acme Assistant', logoUri: null, redirectUris: [REDIRECT_URI], scopes },
      );
      return { clientId, clientSecret, redirectUri: REDIRECT_URI, scopes };
    },
    output() {
      return apps.map((app) => (app ? `--- ${app.name} ---\n${app.output().slice(-6000)}` : '')).join('\n');
    },
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    fixtures = new Fixtures(db.dataSource);
    const taken = new Set<number>();
    while (taken.size < 3) taken.add(await freePort());
    const [auth, api, mcp] = [...taken] as [number, number, number];
    ports = { auth, api, mcp };
    const shared = {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
      DATABASE_URL: db.url,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      PUBLIC_AUTH_URL: urls().auth,
      PUBLIC_API_URL: urls().api,
      PUBLIC_MCP_URL: urls().mcp,
    };
    const started = await Promise.allSettled([
      startAppProcess({
        app: 'auth',
        healthUrl: `${urls().auth}/healthz`,
        env: { ...shared, AUTH_PORT: String(auth), SIGNING_KEY_SECRET: TEST_SIGNING_KEY_SECRET, AUTH_COOKIE_KEYS: TEST_COOKIE_KEYS },
      }),
      startAppProcess({ app: 'api', healthUrl: `${urls().api}/healthz`, env: { ...shared, API_PORT: String(api), CURSOR_SECRET: TEST_CURSOR_SECRET } }),
      startAppProcess({ app: 'mcp', healthUrl: `${urls().mcpOrigin}/healthz`, env: { ...shared, MCP_PORT: String(mcp), CURSOR_SECRET: TEST_CURSOR_SECRET } }),
    ]);
    apps = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    const failure = started.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app?.stop()));
    await db?.drop();
  }, 60_000);

  return stack;
}
