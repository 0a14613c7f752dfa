import { poolQueryable, postgresPool, type RowQueryable } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { enableOAuthApps, registerClient } from './client-registration';
import { clientOfWorkspace, clientSecretDigests, clientsOfWorkspace, findClient } from './clients';
import { connectedAppsOf, connectionsOf, isLiveConnectionOf, liveConnectionsToApp, recordConnection, useConnection } from './connections';

describe('clients and connections', () => {
  let db: TestDatabase;
  let sql: RowQueryable;
  let admin: Member;
  let clientId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = poolQueryable(postgresPool(db.dataSource));
    const f = new Fixtures(db.dataSource);
    admin = await f.member(await f.workspace({ name: 'Acme' }), { role: 'admin' });
    await enableOAuthApps(db.dataSource, admin.workspace.id);
    ({ clientId } = await registerClient(db.dataSource, { workspaceId: admin.workspace.id, userId: admin.user.id }, {
      name: 'Notes app',
      logoUri: null,
      redirectUris: ['https://app.example/cb'],
      scopes: ['conversations:read'],
    }));
  });

  afterAll(async () => {
    await db.drop();
  });

  it("reads a workspace's clients, and no client of another workspace", async () => {
    const [listed] = await clientsOfWorkspace(sql, admin.workspace.id);
    expect(listed).toMatchObject({ clientId, name: 'Notes app', logoUri: null, redirectUris: ['https://app.example/cb'], scopes: ['conversations:read'] });
    expect(await clientOfWorkspace(sql, admin.workspace.id, clientId)).toEqual(listed);
    expect(await clientOfWorkspace(sql, 'ws_other', clientId)).toBeUndefined();
  });

  it('finds a client with its secret digest for the authorization server', async () => {
    const pool = postgresPool(db.dataSource);
    const client = await findClient(pool, clientId);
    expect(client).toMatchObject({ id: clientId, name: 'Notes app', secretDigest: expect.any(String) });
    expect(await clientSecretDigests(pool, clientId)).toEqual([client?.secretDigest]);
    expect(await findClient(pool, 'cl_unknown')).toBeUndefined();
  });

  it('records a connection with offline_access, lists it, marks it used and stops at revocation', async () => {
    const grantId = `grant_${Date.now()}`;
    await recordConnection(sql, { grantId, clientId, userId: admin.user.id, workspaceId: admin.workspace.id, scopes: new Set(['conversations:read']) });
    const [connection] = await connectionsOf(sql, admin.user.id);
    expect(connection).toMatchObject({ id: grantId, clientName: 'Notes app', workspaceName: 'Acme', scopes: ['conversations:read', 'offline_access'], lastUsedAt: null });
    expect(await isLiveConnectionOf(sql, grantId, admin.user.id)).toBe(true);
    expect(await isLiveConnectionOf(sql, grantId, 'usr_someone_else')).toBe(false);

    expect(await useConnection(postgresPool(db.dataSource), grantId)).toEqual({
      userId: admin.user.id,
      workspaceId: admin.workspace.id,
      tenantId: admin.workspace.tenantId,
      email: admin.user.email,
    });
    expect((await connectionsOf(sql, admin.user.id))[0]?.lastUsedAt).toBeInstanceOf(Date);

    await sql.query('UPDATE oauth_connections SET revoked_at = now() WHERE grant_id = $1', [grantId]);
    expect(await useConnection(postgresPool(db.dataSource), grantId)).toBeUndefined();
    expect(await isLiveConnectionOf(sql, grantId, admin.user.id)).toBe(false);
    expect(await connectionsOf(sql, admin.user.id)).toEqual([]);
  });

  it('groups the live connections of a user per app: one entry, every workspace and scope, the count', async () => {
    const other = await new Fixtures(db.dataSource).workspace({ name: 'Beta' });
    await sql.query('INSERT INTO memberships (workspace_id, user_id, role) VALUES ($1, $2, $3)', [other.id, admin.user.id, 'member']);
    const grants = [`g1_${Date.now()}`, `g2_${Date.now()}`, `g3_${Date.now()}`];
    await recordConnection(sql, { grantId: grants[0]!, clientId, userId: admin.user.id, workspaceId: admin.workspace.id, scopes: ['conversations:read'] });
    await recordConnection(sql, { grantId: grants[1]!, clientId, userId: admin.user.id, workspaceId: other.id, scopes: ['email'] });
    await recordConnection(sql, { grantId: grants[2]!, clientId, userId: admin.user.id, workspaceId: other.id, scopes: ['folders:read'] });
    await sql.query('UPDATE oauth_connections SET revoked_at = now() WHERE grant_id = $1', [grants[2]]);

    const apps = await connectedAppsOf(sql, admin.user.id);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ clientId, clientName: 'Notes app', selfRegistered: false, workspaceNames: ['Acme', 'Beta'], scopes: ['conversations:read', 'email', 'offline_access'], connectionCount: 2 });
    expect(await liveConnectionsToApp(sql, admin.user.id, clientId)).toEqual([grants[0], grants[1]]);
    expect(await liveConnectionsToApp(sql, 'usr_someone_else', clientId)).toEqual([]);
    expect(await connectedAppsOf(sql, 'usr_someone_else')).toEqual([]);
  });
});
