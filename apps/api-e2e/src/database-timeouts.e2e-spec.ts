import type { QueryRunner } from 'typeorm';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment({ env: { DATABASE_STATEMENT_TIMEOUT_MS: '500' } });

/** Holds an exclusive lock on `table` in an open transaction, as a long migration or a stuck session would. */
async function lockTable(table: string): Promise<QueryRunner> {
  const runner = env.db.dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  await runner.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  return runner;
}

async function release(runner: QueryRunner): Promise<void> {
  await runner.rollbackTransaction();
  await runner.release();
}

describe('timeouts on database calls (DATABASE_STATEMENT_TIMEOUT_MS)', () => {
  it('answers a read blocked on the database with 503 service_unavailable and Retry-After, not a hang or a 500', async () => {
    const { member } = await env.world();
    const lock = await lockTable('conversations');
    try {
      const blocked = await member.client.request<{ code: string; status: number }>('GET', '/api/v1/conversations');
      expect([blocked.status, blocked.body.code, blocked.headers.get('retry-after')]).toEqual([503, 'service_unavailable', '1']);
    } finally {
      await release(lock);
    }
    expect((await member.client.request('GET', '/api/v1/conversations')).status).toBe(200);
  });

  it('answers a write blocked on the database with 503 and leaves nothing half-written', async () => {
    const { member } = await env.world();
    const lock = await lockTable('tags');
    try {
      const blocked = await member.client.request<{ code: string }>('POST', '/api/v1/tags', { json: { name: 'Blocked' } });
      expect([blocked.status, blocked.body.code]).toEqual([503, 'service_unavailable']);
    } finally {
      await release(lock);
    }
    expect((await member.client.listTags()).data.map((t) => t.name)).not.toContain('Blocked');
    expect((await member.client.createTag({ name: 'Blocked' })).name).toBe('Blocked');
  });
});
