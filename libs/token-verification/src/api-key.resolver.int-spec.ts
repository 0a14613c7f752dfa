import { DomainError } from '@cs/domain';
import { apiKeyById, revokeApiKey } from '@cs/accounts';
import { poolQueryable, postgresPool } from '@cs/persistence';
import { createTestDatabase, Fixtures, type TestDatabase } from '@cs/testing';
import { ApiKeyResolver } from './api-key.resolver';
import { PrincipalResolver } from './principal-resolver';

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

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
    expect(await refusal(resolver.resolve(key))).toBe('invalid_token: The API key is unknown or revoked.');
  });

  it('refuses the key of a user who left the workspace', async () => {
    const member = await f.member(await f.workspace());
    const { key } = await f.apiKey(member);
    await db.dataSource.query('DELETE FROM memberships WHERE user_id = $1 AND workspace_id = $2', [member.user.id, member.workspace.id]);
    expect(await refusal(resolver.resolve(key))).toBe('invalid_token: The API key is unknown or revoked.');
  });

  it('refuses unknown and malformed keys', async () => {
    expect(await refusal(resolver.resolve(`sk_${'A'.repeat(43)}`))).toBe('invalid_token: The API key is unknown or revoked.');
    expect(await refusal(resolver.resolve('sk_short'))).toBe('invalid_token: The API key is malformed.');
  });

  it('refuses a non-key bearer token while no access-token verifier is configured', async () => {
    expect(await refusal(new PrincipalResolver(resolver).resolve('eyJhbGciOi.x.y'))).toMatch(/^invalid_token/);
  });
});
