import { DomainError, SECRET_PREFIXES } from '@cs/domain';
import { ApiKeyResolver } from './api-key.resolver';
import type { SqlRunner } from './sql-runner';

const KEY = `${SECRET_PREFIXES.apiKey}_${'a'.repeat(43)}`;

describe('ApiKeyResolver when the lookup itself fails', () => {
  it('answers service_unavailable (503, retry), not invalid_token: the key is not known to be bad', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const unreachable: SqlRunner = { query: () => Promise.reject(refused) };
    const error = await new ApiKeyResolver(unreachable).resolve(KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('service_unavailable');
  });

  it('lets an error that is not the database being unavailable through (the guard decides)', async () => {
    const bug = new TypeError('boom');
    const broken: SqlRunner = { query: () => Promise.reject(bug) };
    await expect(new ApiKeyResolver(broken).resolve(KEY)).rejects.toBe(bug);
  });

  it('still answers invalid_token for a key the database does not know', async () => {
    const empty: SqlRunner = { query: <T>() => Promise.resolve([] as T[]) };
    const error = await new ApiKeyResolver(empty).resolve(KEY).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe('invalid_token');
  });
});
