import { apiKeyBySecret, createApiKey, memberByEmail, oldestWorkspaceNamed, oldestWorkspaceNamedWithMember, setPasswordHash, type WorkspaceRow } from '@cs/accounts';
import { hashPassword } from '@cs/domain';
import { clientSecretMatches, clientsOfWorkspace, enableOAuthApps, REGISTRABLE_SCOPES, registerClient, rotateClientSecret } from '@cs/oauth';
import type { RowQueryable } from '@cs/persistence';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CliError } from '../cli-error';
import { planDemoConversations } from './demo-conversations.planner';
import { type DemoFile, readDemoFile, writeDemoFile } from './demo-file.store';
import { DEMO_MARKER_WORKSPACE, DEMO_USERS, DEMO_WORKSPACES, type UserKey } from './demo-organisation.dataset';
import { writeDemo } from './demo-seed.writer';

export interface SeedDemoOptions {
  apiUrl: string;
  authUrl: string;
  mcpUrl: string;
  /** Absolute path of demo.json. */
  demoFile: string;
  now?: Date;
  log?: (message: string) => void;
}

// Serialises concurrent seeds (npm start racing a test run) on one database; any constant works.
const SEED_LOCK_KEY = 7_261_003;
const DEMO_KEY_NAME = 'Demo key';
const DEMO_CLIENT_NAME = 'Demo Notes App';
const DEMO_REDIRECT_URIS = ['http://localhost:8765/callback', 'http://127.0.0.1:8765/callback'];

/**
 * The demo's OAuth client in the first workspace (OAuth apps enabled there): registered on the first seed;
 * on a refresh its secret is rotated, since the old one cannot be recovered from its digest.
 */
async function demoOAuthClient(manager: RowQueryable, workspaceId: string, adminUserId: string): Promise<NonNullable<DemoFile['oauth_client']>> {
  await enableOAuthApps(manager, workspaceId);
  const existing = (await clientsOfWorkspace(manager, workspaceId)).find((c) => c.name === DEMO_CLIENT_NAME);
  const client = existing
    ? { clientId: existing.clientId, clientSecret: (await rotateClientSecret(manager, workspaceId, existing.clientId))! }
    : await registerClient(manager, { workspaceId, userId: adminUserId }, { name: DEMO_CLIENT_NAME, logoUri: null, redirectUris: DEMO_REDIRECT_URIS, scopes: [...REGISTRABLE_SCOPES] });
  return { client_id: client.clientId, client_secret: client.clientSecret, redirect_uris: DEMO_REDIRECT_URIS, scopes: ['openid', 'offline_access', ...REGISTRABLE_SCOPES] };
}

/** 18 random bytes, base64url: 24 characters, well past the 16 the demo promises. */
const newDemoPassword = () => randomBytes(18).toString('base64url');

/**
 * Idempotent demo seed. The "Acme Product" workspace marks the demo as present:
 * absent → everything is inserted in one transaction; present with a demo.json whose keys still
 * resolve → that file is returned unchanged; present without one (or with stale keys) → the demo users
 * get fresh passwords and API keys, and demo.json is rewritten. The file is written after commit, so
 * it never names keys that a rolled-back transaction did not keep.
 */
export async function seedDemo(ds: DataSource, options: SeedDemoOptions): Promise<DemoFile> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const outcome = await ds.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const marker = await oldestWorkspaceNamed(manager, DEMO_MARKER_WORKSPACE);
    if (!marker) {
      log('Seeding the demo workspaces…');
      return { demo: await seedFirstTime(manager, options, now), write: true };
    }
    const existing = await readDemoFile(options.demoFile);
    if (existing && (await keysStillResolve(manager, marker.id, existing))) {
      const current = withUrls(existing, options);
      return { demo: current, write: JSON.stringify(current) !== JSON.stringify(existing) };
    }
    log(`Demo present but ${existing ? 'demo.json is stale' : 'demo.json is missing'}; issuing new demo credentials…`);
    return { demo: await refreshCredentials(manager, marker, options, now), write: true };
  });
  if (outcome.write) await writeDemoFile(options.demoFile, outcome.demo);
  return outcome.demo;
}

async function seedFirstTime(manager: RowQueryable, options: SeedDemoOptions, now: Date): Promise<DemoFile> {
  const passwords = Object.fromEntries(DEMO_USERS.map((u) => [u.key, newDemoPassword()])) as Record<UserKey, string>;
  const hashes = Object.fromEntries(
    await Promise.all(DEMO_USERS.map(async (u) => [u.key, await hashPassword(passwords[u.key])] as const)),
  ) as Record<UserKey, string>;
  const written = await writeDemo(manager, planDemoConversations(now), hashes, now);
  const users = [];
  for (const demoUser of DEMO_USERS) {
    const user = written.users.find((u) => u.key === demoUser.key)!;
    const key = await createApiKey(manager, { workspaceId: user.workspaceId, userId: user.id }, DEMO_KEY_NAME, now);
    users.push({ email: demoUser.email, password: passwords[demoUser.key], role: demoUser.role, workspace_id: user.workspaceId, api_key: key.key });
  }
  // The first demo admin (Acme's) owns the demo OAuth client.
  const admin = written.users.find((u) => u.key === DEMO_USERS.find((d) => d.role === 'admin')!.key)!;
  const oauthClient = await demoOAuthClient(manager, admin.workspaceId, admin.id);
  return { ...urlsOf(options), workspaces: written.workspaces.map(({ id, name }) => ({ id, name })), users, oauth_client: oauthClient };
}

/** Each demo user gets a new password and a new key; earlier keys are left alone, since someone may still use them. */
async function refreshCredentials(manager: RowQueryable, marker: WorkspaceRow, options: SeedDemoOptions, now: Date): Promise<DemoFile> {
  const workspaces = [];
  for (const ws of DEMO_WORKSPACES) {
    const found = ws.name === DEMO_MARKER_WORKSPACE ? marker : await demoWorkspaceOf(manager, ws.name);
    workspaces.push({ id: found.id, name: found.name });
  }
  const users = [];
  for (const demoUser of DEMO_USERS) {
    const workspaceId = workspaces[DEMO_WORKSPACES.findIndex((w) => w.key === demoUser.workspace)]!.id;
    const member = await memberByEmail(manager, workspaceId, demoUser.email);
    if (!member) {
      throw new CliError('conflict', `workspace "${DEMO_MARKER_WORKSPACE}" exists but the demo user ${demoUser.email} is not in it; reset the database to re-seed`);
    }
    const password = newDemoPassword();
    await setPasswordHash(manager, member.id, await hashPassword(password));
    const key = await createApiKey(manager, { workspaceId, userId: member.id }, DEMO_KEY_NAME, now);
    users.push({ email: demoUser.email, password, role: demoUser.role, workspace_id: workspaceId, api_key: key.key, userId: member.id });
  }
  const admin = users.find((u) => u.role === 'admin')!;
  const oauthClient = await demoOAuthClient(manager, admin.workspace_id, admin.userId);
  return { ...urlsOf(options), workspaces, users: users.map(({ userId: _userId, ...u }) => u), oauth_client: oauthClient };
}

/** The demo's copy of a workspace name: the oldest one whose members include a demo user. */
async function demoWorkspaceOf(manager: RowQueryable, name: string): Promise<WorkspaceRow> {
  const found = await oldestWorkspaceNamedWithMember(manager, name, DEMO_USERS.map((u) => u.email));
  if (!found) throw new CliError('conflict', `the demo workspace "${name}" is missing; reset the database to re-seed`);
  return found;
}

/** The file belongs to this database's demo, and each of its keys is stored (by digest) and not revoked. */
async function keysStillResolve(manager: RowQueryable, markerId: string, demo: DemoFile): Promise<boolean> {
  if (demo.workspaces[0]?.id !== markerId || demo.users.length !== DEMO_USERS.length) return false;
  for (const user of demo.users) {
    const key = await apiKeyBySecret(manager, user.workspace_id, user.api_key);
    if (!key || key.revokedAt !== null) return false;
  }
  if (!demo.oauth_client) return false;
  return clientSecretMatches(manager, demo.oauth_client.client_id, demo.oauth_client.client_secret);
}

function urlsOf(options: SeedDemoOptions): Pick<DemoFile, 'api_url' | 'auth_url' | 'mcp_url'> {
  return { api_url: `${options.apiUrl}/api/v1`, auth_url: options.authUrl, mcp_url: options.mcpUrl };
}

/** Public URLs follow the environment (a changed port must not leave demo.json pointing elsewhere); the rest is kept. */
function withUrls(demo: DemoFile, options: SeedDemoOptions): DemoFile {
  return { ...demo, ...urlsOf(options) };
}
