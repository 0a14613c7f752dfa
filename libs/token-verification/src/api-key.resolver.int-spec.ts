import { Logger } from '@nestjs/common';
import { apiKeyById, apiKeysOf, recordApiKeyUse, revokeApiKey } from '@cs/accounts';
import { poolQueryable, postgresPool } from '@cs/persistence';
import { createTestDatabase, domainErrorText, Fixtures, type TestDatabase } from '@cs/testing';
import { ApiKeyResolver } from './api-key.resolver';
import { PrincipalResolver } from './principal-resolver';
import type { SqlRunner } from './sql-runner';

const RECORD_USE = /UPDATE api_keys SET last_used_at/;

/** The test database, counting the writes of a key's use and keeping them so a test can wait for what the resolver does not. */
class CountingRunner implements SqlRunner {
  readonly writes: Promise<unknown>[] = [];
  constructor(private readonly db: SqlRunner) {}

  query<T>(sql: string, parameters?: unknown[]): Promise<T[]> {
    const result = this.db.query<T>(sql, parameters);
    if (RECORD_USE.test(sql)) this.writes.push(result);
    return result;
  }

  settled(): Promise<unknown> {
    return Promise.allSettled(this.writes);
  }
}

/** The test database, except that recording a key's use fails or never finishes. */
const failingUseWrites = (db: SqlRunner, write: () => Promise<never>): SqlRunner => ({
  query: <T>(sql: string, parameters?: unknown[]): Promise<T[]> => (RECORD_USE.test(sql) ? write() : db.query<T>(sql, parameters)),
});


describe('API keys (spec "Authentication" 8; docs/api.md "Authentication": Bearer sk_…, stored hashed)', () => {
  let db: TestDatabase;
  let f: Fixtures;
  let resolver: ApiKeyResolver;

  beforeAll(async () => {
    db = await createTestDatabase();
    f = new Fixtures(db.dataSource);
    resolver = new ApiKeyResolver(db.dataSource);
  });

  afterAll(() => db.drop());

  it('resolves a key to its user and workspace with every read scope', async () => {
    const member = await f.member(await f.workspace(), { role: 'admin' });
    const { key, row } = await f.apiKey(member);
    const principal = await resolver.resolve(key);
    expect(principal).toMatchObject({ via: 'api_key', userId: member.user.id, workspaceId: member.workspace.id, tenantId: member.workspace.tenantId, role: 'admin', credentialId: row.id });
    expect([...principal.scopes].sort()).toEqual(['conversations:read', 'email', 'folders:read']);
  });

  it('stores only the digest, never the key', async () => {
    const member = await f.member(await f.workspace());
    const { key, row } = await f.apiKey(member);
    const stored = await apiKeyById(db.dataSource, row.id);
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(key.slice(3));
  });

  it('refuses a revoked key', async () => {
    const member = await f.member(await f.workspace());
    const { key, row } = await f.apiKey(member);
    expect(await revokeApiKey(poolQueryable(postgresPool(db.dataSource)), { workspaceId: member.workspace.id, userId: member.user.id }, row.id)).toBe(true);
    expect(await domainErrorText(resolver.resolve(key))).toBe('invalid_token: The API key is unknown or revoked.');
  });

  it('refuses the key of a user who left the workspace', async () => {
    const member = await f.member(await f.workspace());
    const { key } = await f.apiKey(member);
    await db.dataSource.query('DELETE FROM memberships WHERE user_id = $1 AND workspace_id = $2', [member.user.id, member.workspace.id]);
    expect(await domainErrorText(resolver.resolve(key))).toBe('invalid_token: The API key is unknown or revoked.');
  });

  it('refuses unknown and malformed keys', async () => {
    expect(await domainErrorText(resolver.resolve(`sk_${'A'.repeat(43)}`))).toBe('invalid_token: The API key is unknown or revoked.');
    expect(await domainErrorText(resolver.resolve('sk_short'))).toBe('invalid_token: The API key is malformed.');
  });

  describe('last used (issue 19, settings 2: at most once a minute per key, off the request path)', () => {
    const lastUsedAt = async (id: string): Promise<Date | null> => (await apiKeyById(db.dataSource, id))?.lastUsedAt ?? null;

    it('the first request records the use; a second within the minute writes nothing; the owner\'s key list shows it', async () => {
      const member = await f.member(await f.workspace());
      const { key, row } = await f.apiKey(member);
      expect(row.lastUsedAt).toBeNull();
      const runner = new CountingRunner(db.dataSource);
      const counted = new ApiKeyResolver(runner);

      const before = Date.now();
      await counted.resolve(key);
      await runner.settled();
      const first = await lastUsedAt(row.id);
      expect(first).toBeInstanceOf(Date);
      expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1);
      expect(runner.writes).toHaveLength(1);

      await counted.resolve(key);
      await runner.settled();
      expect(runner.writes).toHaveLength(1);
      expect(await lastUsedAt(row.id)).toEqual(first);

      const [summary] = await apiKeysOf(db.dataSource, { workspaceId: member.workspace.id, userId: member.user.id });
      expect(summary).toMatchObject({ id: row.id, lastUsedAt: first });
    });

    it('records again once the last recorded use is a minute old', async () => {
      const member = await f.member(await f.workspace());
      const { key, row } = await f.apiKey(member);
      const old = new Date(Date.now() - 61_000);
      await db.dataSource.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [row.id, old]);
      const runner = new CountingRunner(db.dataSource);
      await new ApiKeyResolver(runner).resolve(key);
      await runner.settled();
      expect(runner.writes).toHaveLength(1);
      expect((await lastUsedAt(row.id))!.getTime()).toBeGreaterThan(old.getTime());
    });

    it('writes once when replicas record the same use concurrently (the minute is checked in the UPDATE too)', async () => {
      const member = await f.member(await f.workspace());
      const { row } = await f.apiKey(member);
      const runner = poolQueryable(postgresPool(db.dataSource));
      const wrote = await Promise.all([recordApiKeyUse(runner, row.id), recordApiKeyUse(runner, row.id), recordApiKeyUse(runner, row.id)]);
      expect(wrote.filter(Boolean)).toHaveLength(1);
    });

    it('the request does not wait for the write', async () => {
      const member = await f.member(await f.workspace());
      const { key } = await f.apiKey(member);
      const hanging = new ApiKeyResolver(failingUseWrites(db.dataSource, () => new Promise<never>(() => undefined)));
      await expect(hanging.resolve(key)).resolves.toMatchObject({ via: 'api_key', userId: member.user.id });
    });

    it('a failed write is logged and the request still succeeds', async () => {
      const member = await f.member(await f.workspace());
      const { key, row } = await f.apiKey(member);
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        let failed!: () => void;
        const attempted = new Promise<void>((resolve) => (failed = resolve));
        const failing = new ApiKeyResolver(
          failingUseWrites(db.dataSource, () => {
            failed();
            return Promise.reject(new Error('connection terminated'));
          }),
        );
        await expect(failing.resolve(key)).resolves.toMatchObject({ via: 'api_key', credentialId: row.id });
        await attempted;
        await new Promise((resolve) => setImmediate(resolve));
        expect(warn).toHaveBeenCalledWith(`Recording the use of API key ${row.id} failed: Error: connection terminated`);
      } finally {
        warn.mockRestore();
      }
    });
  });

  it('refuses a non-key bearer token while no access-token verifier is configured', async () => {
    expect(await domainErrorText(new PrincipalResolver(resolver).resolve('eyJhbGciOi.x.y'))).toMatch(/^invalid_token/);
  });
});
