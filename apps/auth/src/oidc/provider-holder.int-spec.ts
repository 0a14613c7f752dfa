import { Logger } from '@nestjs/common';
import { rotateSigningKey } from '@cs/oauth';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { Redis } from 'ioredis';
import { loadAuthConfig } from '../config/auth-config';
import { ProviderHolder } from './provider-holder';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

describe('ProviderHolder signing-key checks', () => {
  let db: TestDatabase;
  let redis: Redis;
  let holder: ProviderHolder;
  const logger = new Logger('provider-holder-test');
  const config = loadAuthConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://unused', REDIS_URL });

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(REDIS_URL);
    holder = new ProviderHolder(db.dataSource, config, { redis, logger, onGrantRevoked: async () => undefined, renderError: () => '' });
    await holder.start();
  });

  afterAll(async () => {
    holder.stop();
    redis.disconnect();
    await db.drop();
  });

  afterEach(() => jest.restoreAllMocks());

  it('logs a failed reload with its error and keeps serving with the previous keys', async () => {
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const provider = holder.current;
    const published = holder.publishedKeys;
    // One key so far: the one that signs.
    const activeKid = (published[0] as { kid: string }).kid;
    // A rotation sealed under another secret (keys:rotate run with the wrong SIGNING_KEY_SECRET), already active:
    // the holder cannot decrypt the key that should now sign.
    await rotateSigningKey(db.dataSource, 'another-secret-than-the-one-this-replica-holds', new Date(Date.now() - 2 * MINUTE));

    await expect(holder.checkKeys()).resolves.toBeUndefined();

    expect(published).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(1);
    const [fields, message] = errors.mock.calls[0] as [{ err: unknown; kid: string }, string];
    // The decryption error comes from node:crypto, another realm than the test's Error: its shape is what counts.
    expect(fields.err).toMatchObject({ name: expect.any(String), message: expect.any(String), stack: expect.any(String) });
    expect(fields.kid).toBe(activeKid);
    expect(message).toMatch(/signing-key reload failed/);
    expect(holder.current).toBe(provider);
    expect(holder.publishedKeys).toBe(published);
  });

  it('logs nothing and swaps the provider when the reload succeeds', async () => {
    // A good rotation after the bad one: its key is the newest ripe one, so it signs.
    await rotateSigningKey(db.dataSource, config.SIGNING_KEY_SECRET, new Date(Date.now() - MINUTE - 5_000));
    const errors = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const provider = holder.current;

    await holder.checkKeys();

    expect(errors).not.toHaveBeenCalled();
    expect(holder.current).not.toBe(provider);
  });
});
