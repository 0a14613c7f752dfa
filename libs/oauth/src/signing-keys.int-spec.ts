import { createTestDatabase, type TestDatabase } from '@cs/testing';
import {
  decryptJwk,
  encryptJwk,
  ensureActiveSigningKey,
  KEY_ACTIVATION_LEAD_SECONDS,
  loadSigningKeys,
  RETIRED_KEY_PUBLISH_SECONDS,
  rotateSigningKey,
} from './signing-keys';

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

  it('keeps a young key signing over a younger one: a rotation right after the first key still waits the lead', async () => {
    const fresh = await createTestDatabase();
    try {
      const start = new Date();
      await ensureActiveSigningKey(fresh.dataSource, SECRET, start);
      const first = (await loadSigningKeys(fresh.dataSource, SECRET, start)).active.kid;
      const { kid } = await rotateSigningKey(fresh.dataSource, SECRET, new Date(start.getTime() + 1000));
      expect((await loadSigningKeys(fresh.dataSource, SECRET, new Date(start.getTime() + 2000))).active.kid).toBe(first);
      expect((await loadSigningKeys(fresh.dataSource, SECRET, new Date(start.getTime() + 1000 + KEY_ACTIVATION_LEAD_SECONDS * 1000))).active.kid).toBe(kid);
    } finally {
      await fresh.drop();
    }
  });

  it('rotates: the new key is published at once and signs after the activation lead; the retired one stays published for its tokens’ lifetime', async () => {
    const rotatedAt = new Date(Date.now() + 3600 * 1000);
    const before = await loadSigningKeys(db.dataSource, SECRET, rotatedAt);
    const { kid, retired } = await rotateSigningKey(db.dataSource, SECRET, rotatedAt);
    expect(retired).toEqual([before.active.kid]);

    const justAfter = await loadSigningKeys(db.dataSource, SECRET, rotatedAt);
    expect(justAfter.active.kid).toBe(before.active.kid);
    expect(justAfter.published.map((k) => k.kid)).toEqual([kid, before.active.kid]);

    const ripe = await loadSigningKeys(db.dataSource, SECRET, new Date(rotatedAt.getTime() + KEY_ACTIVATION_LEAD_SECONDS * 1000));
    expect(ripe.active.kid).toBe(kid);
    expect(ripe.published.map((k) => k.kid)).toEqual([kid, before.active.kid]);

    const later = new Date(rotatedAt.getTime() + (RETIRED_KEY_PUBLISH_SECONDS + 1) * 1000);
    expect((await loadSigningKeys(db.dataSource, SECRET, later)).published.map((k) => k.kid)).toEqual([kid]);
  });
});
