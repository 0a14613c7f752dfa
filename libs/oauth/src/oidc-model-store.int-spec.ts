import { postgresPool } from '@cs/persistence';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { OidcModelStore } from './oidc-model-store';

interface Payload {
  grantId?: string;
  uid?: string;
  accountId?: string;
}

describe('OidcModelStore', () => {
  let db: TestDatabase;
  let store: OidcModelStore<Payload>;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new OidcModelStore<Payload>(postgresPool(db.dataSource));
  });

  afterAll(async () => {
    await db.drop();
  });

  it('stores, replaces, finds by id and by uid, and destroys a model', async () => {
    await store.upsert('Session', 's1', { uid: 'u1', accountId: 'a' }, 60);
    await store.upsert('Session', 's1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await store.find('Session', 's1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await store.idByUid('Session', 'u1')).toBe('s1');
    expect(await store.find('Grant', 's1')).toBeUndefined();
    await store.destroy('Session', 's1');
    expect(await store.find('Session', 's1')).toBeUndefined();
  });

  it('hides expired models', async () => {
    await store.upsert('Session', 'old', { uid: 'u-old' }, 60);
    await db.dataSource.query("UPDATE oidc_models SET expires_at = now() - interval '1 second' WHERE id = 'old'");
    expect(await store.find('Session', 'old')).toBeUndefined();
    expect(await store.idByUid('Session', 'u-old')).toBeUndefined();
  });

  it('lets exactly one of two parallel consumptions win, and shows when it was consumed', async () => {
    await store.upsert('RefreshToken', 'rt_1', { grantId: 'g1' }, 0);
    const outcomes = await Promise.all([store.consume('RefreshToken', 'rt_1'), store.consume('RefreshToken', 'rt_1')]);
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await store.find('RefreshToken', 'rt_1')).toEqual({ grantId: 'g1', consumed: expect.any(Number) });
  });

  it('reads a refresh token with its grant and whether the authenticated client is current', async () => {
    await store.upsert('Grant', 'g2', { accountId: 'a' }, 0);
    await store.upsert('RefreshToken', 'rt_2', { grantId: 'g2' }, 0);
    expect(await store.findRefreshToken('RefreshToken', 'rt_2', undefined)).toEqual({ token: { grantId: 'g2' }, grant: { accountId: 'a' }, clientCurrent: true });
    expect(await store.findRefreshToken('RefreshToken', 'rt_2', { clientId: 'cl_gone', secretDigest: 'x' })).toMatchObject({ clientCurrent: false });
    expect(await store.findRefreshToken('RefreshToken', 'rt_none', undefined)).toEqual({ token: undefined, grant: undefined, clientCurrent: true });
  });

  it("revokes a grant's models", async () => {
    await store.upsert('RefreshToken', 'rt_3', { grantId: 'g3' }, 0);
    await store.revokeByGrantId('RefreshToken', 'g3');
    expect(await store.find('RefreshToken', 'rt_3')).toBeUndefined();
  });
});
