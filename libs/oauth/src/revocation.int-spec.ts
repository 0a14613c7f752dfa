import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { Redis } from 'ioredis';
import { enableOAuthApps, registerClient } from './client-registration';
import { deleteClient, OIDC_REDIS_PREFIX, revokeGrant } from './revocation';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('revocation (spec "Authentication" 7)', () => {
  let db: TestDatabase;
  let redis: Redis;
  let subscriber: Redis;
  const messages: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(REDIS_URL);
    subscriber = new Redis(REDIS_URL);
    await subscriber.subscribe('cs:oauth:revocations');
    subscriber.on('message', (_channel, message) => messages.push(message));
  });

  afterAll(async () => {
    subscriber.disconnect();
    redis.disconnect();
    await db.drop();
  });

  async function connectedClient() {
    const f = new Fixtures(db.dataSource);
    const admin = await f.member(await f.workspace(), { role: 'admin' });
    await enableOAuthApps(db.dataSource, admin.workspace.id);
    const { clientId } = await registerClient(db.dataSource, { workspaceId: admin.workspace.id, userId: admin.user.id }, {
      name: 'App',
      logoUri: null,
      redirectUris: ['https://app.example/cb'],
      scopes: ['conversations:read'],
    });
    const grantId = `grant_${Math.random().toString(36).slice(2)}`;
    await db.dataSource.query(`INSERT INTO oidc_models (model, id, payload) VALUES ('Grant', $1, $2)`, [grantId, JSON.stringify({ clientId, accountId: admin.user.id })]);
    await db.dataSource.query(`INSERT INTO oidc_models (model, id, payload, grant_id) VALUES ('RefreshToken', $1, '{}', $2)`, [`rt_${grantId}`, grantId]);
    await db.dataSource.query('INSERT INTO oauth_connections (grant_id, client_id, user_id, workspace_id, scopes) VALUES ($1, $2, $3, $4, $5)', [
      grantId,
      clientId,
      admin.user.id,
      admin.workspace.id,
      ['conversations:read'],
    ]);
    await redis.sadd(`${OIDC_REDIS_PREFIX}:grant:${grantId}`, `${OIDC_REDIS_PREFIX}:AuthorizationCode:code_${grantId}`);
    await redis.set(`${OIDC_REDIS_PREFIX}:AuthorizationCode:code_${grantId}`, '{}');
    return { admin, clientId, grantId };
  }

  const waitFor = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 10));
    return predicate();
  };

  it('revoking a grant deletes its grant, refresh tokens and codes, marks the connection, and publishes it', async () => {
    const { grantId } = await connectedClient();
    await revokeGrant(db.dataSource, redis, grantId);
    expect(await db.dataSource.query('SELECT model FROM oidc_models WHERE id = $1 OR grant_id = $1', [grantId])).toEqual([]);
    const [connection] = await db.dataSource.query('SELECT revoked_at FROM oauth_connections WHERE grant_id = $1', [grantId]);
    expect(connection.revoked_at).toBeInstanceOf(Date);
    expect(await redis.exists(`${OIDC_REDIS_PREFIX}:AuthorizationCode:code_${grantId}`)).toBe(0);
    const [row] = await db.dataSource.query(`SELECT kind FROM oauth_revocations WHERE id = $1`, [grantId]);
    expect(row).toEqual({ kind: 'grant' });
    expect(await waitFor(() => messages.some((m) => JSON.parse(m).id === grantId))).toBe(true);
  });

  it('deleting a client purges every grant issued to it and publishes a client revocation', async () => {
    const { admin, clientId, grantId } = await connectedClient();
    expect(await deleteClient(db.dataSource, redis, admin.workspace.id, clientId)).toBe(true);
    expect(await db.dataSource.query('SELECT 1 FROM oidc_models WHERE id = $1 OR grant_id = $1', [grantId])).toEqual([]);
    expect(await db.dataSource.query('SELECT 1 FROM oauth_connections WHERE grant_id = $1', [grantId])).toEqual([]);
    expect(await waitFor(() => messages.some((m) => JSON.parse(m).kind === 'client' && JSON.parse(m).id === clientId))).toBe(true);
  });

  it('refuses to delete another workspace’s client', async () => {
    const { clientId } = await connectedClient();
    const { admin: other } = await connectedClient();
    expect(await deleteClient(db.dataSource, redis, other.workspace.id, clientId)).toBe(false);
    expect(await db.dataSource.query('SELECT 1 FROM oauth_clients WHERE id = $1', [clientId])).toHaveLength(1);
  });
});
