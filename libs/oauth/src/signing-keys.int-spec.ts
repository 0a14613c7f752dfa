import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { decryptJwk, encryptJwk, ensureActiveSigningKey, loadSigningKeys, RETIRED_KEY_PUBLISH_SECONDS, rotateSigningKey } from './signing-keys';

const SECRET = 'a-test-signing-key-secret-of-enough-length';

describe('signing keys (issue 3: persisted across restarts, rotatable, old key published until its tokens expire)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('encrypts private keys at rest and refuses another secret', () => {
    const sealed = encryptJwk(SECRET, { d: 'private part' });
    expect(sealed).not.toContain('private part');
    expect(decryptJwk(SECRET, sealed)).toEqual({ d: 'private part' });
    expect(() => decryptJwk('another-secret-of-a-sufficient-length', sealed)).toThrow();
  });

  it('creates exactly one active key even when replicas start together', async () => {
    await Promise.all([ensureActiveSigningKey(db.dataSource, SECRET), ensureActiveSigningKey(db.dataSource, SECRET), ensureActiveSigningKey(db.dataSource, SECRET)]);
    const rows = await db.dataSource.query('SELECT kid FROM signing_keys WHERE retired_at IS NULL');
    expect(rows).toHaveLength(1);
    const keys = await loadSigningKeys(db.dataSource, SECRET);
    expect(keys.active).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: rows[0].kid });
    expect(keys.active).toHaveProperty('d');
    expect(keys.published).toHaveLength(1);
    expect(keys.published[0]).not.toHaveProperty('d');
  });

  it('rotates: the new key signs, the retired one stays published for its tokens’ lifetime, then drops out', async () => {
    const before = await loadSigningKeys(db.dataSource, SECRET);
    const now = new Date();
    const { kid, retired } = await rotateSigningKey(db.dataSource, SECRET, now);
    expect(retired).toEqual([before.active.kid]);
    const after = await loadSigningKeys(db.dataSource, SECRET, now);
    expect(after.active.kid).toBe(kid);
    expect(after.published.map((k) => k.kid)).toEqual([kid, before.active.kid]);
    const later = new Date(now.getTime() + (RETIRED_KEY_PUBLISH_SECONDS + 1) * 1000);
    expect((await loadSigningKeys(db.dataSource, SECRET, later)).published.map((k) => k.kid)).toEqual([kid]);
  });
});
