import { newId } from '@cs/domain';
import { poolQueryable, postgresPool, type RowQueryable } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import type { Pool } from 'pg';
import { ASSISTANT_SCOPES, DYNAMIC_CLIENT_UNUSED_HOURS, registerDynamicClient, rememberMetadataDocumentClient } from './assistant-clients';
import {
  assistantConnectionPolicy,
  decideConnectionRequest,
  pendingConnectionRequests,
  requestAssistantConnection,
  setAssistantConnectionPolicy,
} from './assistant-connection-policy';
import { ClientValidationError } from './client-registration';
import { clientsOfWorkspace, findClient } from './clients';
import { connectedAppsOf, recordConnection, useConnection } from './connections';

const HOUR_MS = 3_600_000;
const assistant = (over: Partial<Parameters<typeof registerDynamicClient>[2]> = {}) => ({
  name: 'Claude',
  logoUri: undefined,
  redirectUris: ['https://claude.example/api/mcp/auth_callback'],
  scope: undefined,
  ...over,
});

describe('clients that registered themselves (AI assistants)', () => {
  let db: TestDatabase;
  let sql: RowQueryable;
  let pool: Pool;
  let admin: Member;
  let member: Member;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = postgresPool(db.dataSource);
    sql = poolQueryable(pool);
    const f = new Fixtures(db.dataSource);
    const workspace = await f.workspace({ name: 'Acme' });
    admin = await f.member(workspace, { role: 'admin' });
    member = await f.member(workspace, { role: 'member' });
  });

  afterAll(async () => {
    await db.drop();
  });

  it('stores a dynamic registration as a public client of no workspace, with the read-only scopes only', async () => {
    const id = newId('oauthClient');
    await registerDynamicClient(sql, id, assistant({ scope: 'openid conversations:read conversations:write' }));
    expect(await findClient(pool, id)).toMatchObject({ id, kind: 'dynamic', name: 'Claude', secretDigest: null, scopes: ['conversations:read'] });
    expect(await clientsOfWorkspace(sql, admin.workspace.id)).toEqual([]);
    const all = newId('oauthClient');
    await registerDynamicClient(sql, all, assistant({ name: undefined, redirectUris: ['http://127.0.0.1:33418/callback'] }));
    expect(await findClient(pool, all)).toMatchObject({ name: '127.0.0.1:33418', scopes: [...ASSISTANT_SCOPES] });
  });

  it('refuses what an admin could not register either, and stores nothing', async () => {
    const id = newId('oauthClient');
    await expect(registerDynamicClient(sql, id, assistant({ redirectUris: ['http://evil.example/cb'] }))).rejects.toBeInstanceOf(ClientValidationError);
    await expect(registerDynamicClient(sql, id, assistant({ redirectUris: [] }))).rejects.toBeInstanceOf(ClientValidationError);
    await expect(registerDynamicClient(sql, id, assistant({ name: 'x'.repeat(101) }))).rejects.toBeInstanceOf(ClientValidationError);
    expect(await findClient(pool, id)).toBeUndefined();
  });

  it(`forgets a registration no one consented to within ${DYNAMIC_CLIENT_UNUSED_HOURS} hours, and deletes it at the next registration`, async () => {
    const unused = newId('oauthClient');
    await registerDynamicClient(sql, unused, assistant(), new Date(Date.now() - (DYNAMIC_CLIENT_UNUSED_HOURS + 1) * HOUR_MS));
    expect(await findClient(pool, unused)).toBeUndefined();
    const recent = newId('oauthClient');
    await registerDynamicClient(sql, recent, assistant(), new Date(Date.now() - (DYNAMIC_CLIENT_UNUSED_HOURS - 1) * HOUR_MS));
    expect(await findClient(pool, recent)).toBeDefined();
    await registerDynamicClient(sql, newId('oauthClient'), assistant());
    expect(await sql.query('SELECT id FROM oauth_clients WHERE id = $1', [unused])).toEqual([]);
    expect(await sql.query('SELECT id FROM oauth_clients WHERE id = $1', [recent])).toHaveLength(1);
  });

  it('keeps a registration for good once a user consented to it', async () => {
    const id = newId('oauthClient');
    const registeredAt = new Date(Date.now() - (DYNAMIC_CLIENT_UNUSED_HOURS - 1) * HOUR_MS);
    await registerDynamicClient(sql, id, assistant(), registeredAt);
    await recordConnection(sql, { grantId: `grant-${id}`, clientId: id, userId: member.user.id, workspaceId: member.workspace.id, scopes: ['conversations:read'] });
    expect(await sql.query('SELECT unused_expires_at FROM oauth_clients WHERE id = $1', [id])).toEqual([{ unused_expires_at: null }]);
    // Two days on, a registration's sweep of the expired ones leaves it.
    await registerDynamicClient(sql, newId('oauthClient'), assistant(), new Date(Date.now() + 48 * HOUR_MS));
    expect(await findClient(pool, id)).toMatchObject({ id, kind: 'dynamic' });
  });

  it('names a metadata-document client on the account page but never answers it as stored metadata', async () => {
    const url = 'https://assistant.example/.well-known/oauth-client.json';
    await rememberMetadataDocumentClient(sql, url, assistant({ name: 'Old name' }));
    await rememberMetadataDocumentClient(sql, url, assistant({ name: 'Doc Assistant' }));
    expect(await findClient(pool, url)).toBeUndefined();
    await recordConnection(sql, { grantId: 'grant-doc', clientId: url, userId: member.user.id, workspaceId: member.workspace.id, scopes: ['conversations:read'] });
    expect((await connectedAppsOf(sql, member.user.id)).find((a) => a.clientId === url)).toMatchObject({ clientName: 'Doc Assistant', selfRegistered: true });
  });

  it('stops new tokens of assistant connections when the workspace turns them off, not those of registered apps', async () => {
    const id = newId('oauthClient');
    await registerDynamicClient(sql, id, assistant());
    await recordConnection(sql, { grantId: 'grant-off', clientId: id, userId: member.user.id, workspaceId: member.workspace.id, scopes: ['conversations:read'] });
    expect(await useConnection(pool, 'grant-off')).toMatchObject({ userId: member.user.id });
    await setAssistantConnectionPolicy(sql, member.workspace.id, 'off');
    expect(await assistantConnectionPolicy(sql, member.workspace.id)).toBe('off');
    expect(await useConnection(pool, 'grant-off')).toBeUndefined();
    await setAssistantConnectionPolicy(sql, member.workspace.id, 'on');
    expect(await useConnection(pool, 'grant-off')).toMatchObject({ userId: member.user.id });
  });

  it('holds a request under "ask an admin first" until an admin of that workspace decides, once per app and member', async () => {
    const id = newId('oauthClient');
    await registerDynamicClient(sql, id, assistant({ name: 'Held assistant' }));
    const request = { workspaceId: member.workspace.id, clientId: id, userId: member.user.id };
    expect(await requestAssistantConnection(sql, request)).toBe('pending');
    expect(await requestAssistantConnection(sql, request)).toBe('pending');
    const pending = await pendingConnectionRequests(sql, member.workspace.id);
    expect(pending).toEqual([expect.objectContaining({ clientId: id, clientName: 'Held assistant', clientKind: 'dynamic', userId: member.user.id })]);
    expect(await decideConnectionRequest(sql, { ...request, workspaceId: 'ws_other', decidedBy: admin.user.id, approve: true })).toBe(false);
    expect(await decideConnectionRequest(sql, { ...request, decidedBy: admin.user.id, approve: true })).toBe(true);
    expect(await decideConnectionRequest(sql, { ...request, decidedBy: admin.user.id, approve: false })).toBe(false);
    expect(await requestAssistantConnection(sql, request)).toBe('approved');
    expect(await pendingConnectionRequests(sql, member.workspace.id)).toEqual([]);

    const declined = { ...request, userId: admin.user.id };
    await requestAssistantConnection(sql, declined);
    await decideConnectionRequest(sql, { ...declined, decidedBy: admin.user.id, approve: false });
    expect(await requestAssistantConnection(sql, declined)).toBe('denied');
  });
});
