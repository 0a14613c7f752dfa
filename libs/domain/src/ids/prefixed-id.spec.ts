import { isIdOf, newId } from './prefixed-id';
import { newSecret, secretDigest, secretMatches } from './secrets';
import { hashPassword, verifyPassword } from './password';

describe('ids and secrets (docs/architecture.md "Data")', () => {
  it('makes prefixed ids that sort by creation time as plain strings', () => {
    const earlier = newId('conversation', new Date('2026-01-01T00:00:00.000Z'));
    const later = newId('conversation', new Date('2026-01-01T00:00:00.001Z'));
    expect(earlier).toMatch(/^conv_[0-9a-z]{26}$/);
    expect(earlier < later).toBe(true);
    expect(isIdOf('conversation', earlier)).toBe(true);
    expect(isIdOf('folder', earlier)).toBe(false);
  });

  it('stores secrets as SHA-256 digests and compares them in constant time', () => {
    const key = newSecret('apiKey');
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(secretDigest(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(secretMatches(key, secretDigest(key))).toBe(true);
    expect(secretMatches(`${key}x`, secretDigest(key))).toBe(false);
  });

  it('hashes passwords with scrypt and a per-hash salt', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('wrong', a)).toBe(false);
  });
});
