import { poolQueryable, postgresPool } from '@cs/persistence';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { CLIENT_SECRET_OVERLAP_HOURS, clientSecretMatches, enableOAuthApps, registerClient, rotateClientSecret } from './client-registration';
import { clientOfWorkspace, clientSecretDigests, findClient } from './clients';

/**
 * Issue 19: rotating a client secret kept only the new one, which cut a running integration off at once. The
 * replaced secret now stays valid for CLIENT_SECRET_OVERLAP_HOURS, and at most two secrets are ever accepted.
 */
describe('client secret rotation with an overlap', () => {
  let db: TestDatabase;
  let admin: Member;

  beforeAll(async () => {
    db = await createTestDatabase();
    admin = await new Fixtures(db.dataSource).member(await new Fixtures(db.dataSource).workspace({ name: 'Acme' }), { role: 'admin' });
    await enableOAuthApps(db.dataSource, admin.workspace.id);
  });

  afterAll(async () => {
    await db.drop();
  });

  const register = () =>
    registerClient(db.dataSource, { workspaceId: admin.workspace.id, userId: admin.user.id }, {
      name: 'Notes app',
      logoUri: null,
      redirectUris: ['https://app.example/cb'],
      scopes: ['conversations:read'],
    });

  it('keeps the replaced secret valid beside the new one until the overlap ends, and shows both with the expiry', async () => {
    const { clientId, clientSecret: first } = await register();
    const rotatedAt = new Date();
    const second = (await rotateClientSecret(db.dataSource, admin.workspace.id, clientId, rotatedAt))!;
    expect(await clientSecretMatches(db.dataSource, clientId, second)).toBe(true);
    expect(await clientSecretMatches(db.dataSource, clientId, first)).toBe(true);
    expect(await clientSecretMatches(db.dataSource, clientId, 'cs_wrong')).toBe(false);

    const summary = await clientOfWorkspace(poolQueryable(postgresPool(db.dataSource)), admin.workspace.id, clientId);
    expect(summary?.previousSecret?.expiresAt.getTime()).toBe(rotatedAt.getTime() + CLIENT_SECRET_OVERLAP_HOURS * 3_600_000);
    expect(summary?.previousSecret?.hint).not.toBe(summary?.secretHint);
    const pool = postgresPool(db.dataSource);
    expect((await clientSecretDigests(pool, clientId))).toHaveLength(2);
    expect((await findClient(pool, clientId))?.previousSecretDigest).toEqual(expect.any(String));
  });

  it('stops accepting the replaced secret once the overlap has passed', async () => {
    const { clientId, clientSecret: first } = await register();
    const longAgo = new Date(Date.now() - (CLIENT_SECRET_OVERLAP_HOURS + 1) * 3_600_000);
    const second = (await rotateClientSecret(db.dataSource, admin.workspace.id, clientId, longAgo))!;
    expect(await clientSecretMatches(db.dataSource, clientId, first)).toBe(false);
    expect(await clientSecretMatches(db.dataSource, clientId, second)).toBe(true);
    const pool = postgresPool(db.dataSource);
    expect(await clientSecretDigests(pool, clientId)).toHaveLength(1);
    expect((await findClient(pool, clientId))?.previousSecretDigest).toBeNull();
    expect((await clientOfWorkspace(poolQueryable(pool), admin.workspace.id, clientId))?.previousSecret).toBeNull();
  });

  it('accepts two secrets at most: rotating again within the overlap retires the oldest at once', async () => {
    const { clientId, clientSecret: first } = await register();
    const second = (await rotateClientSecret(db.dataSource, admin.workspace.id, clientId))!;
    const third = (await rotateClientSecret(db.dataSource, admin.workspace.id, clientId))!;
    expect(await clientSecretMatches(db.dataSource, clientId, first)).toBe(false);
    expect(await clientSecretMatches(db.dataSource, clientId, second)).toBe(true);
    expect(await clientSecretMatches(db.dataSource, clientId, third)).toBe(true);
  });

  it('does not rotate the client of another workspace', async () => {
    const { clientId, clientSecret } = await register();
    expect(await rotateClientSecret(db.dataSource, 'ws_other', clientId)).toBeNull();
    expect(await clientSecretMatches(db.dataSource, clientId, clientSecret)).toBe(true);
  });
});
