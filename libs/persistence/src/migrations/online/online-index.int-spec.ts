import { useQueryRunner } from '@cs/testing';
import { createIndexConcurrently, rebuildIndexConcurrently } from './online-index';

describe('online index builds (migrations/online)', () => {
  const t = useQueryRunner();

  beforeAll(async () => {
    await t.q.query(`CREATE TABLE online_t (id int PRIMARY KEY, v int)`);
    await t.q.query(`INSERT INTO online_t SELECT n, n % 10 FROM generate_series(1, 1000) n`);
  });

  const state = async (name: string) =>
    (await t.q.query(`SELECT i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`, [name])) as Array<{ valid: boolean; def: string }>;

  it('drops the invalid index an interrupted concurrent build left and builds it again, valid', async () => {
    // A concurrent build that fails half way (duplicates under UNIQUE) leaves an invalid index behind.
    await expect(t.q.query(`CREATE UNIQUE INDEX CONCURRENTLY online_t_v_idx ON online_t (v)`)).rejects.toThrow();
    expect(await state('online_t_v_idx')).toEqual([{ valid: false, def: expect.stringContaining('UNIQUE') }]);
    await createIndexConcurrently(t.q, 'online_t_v_idx', 'ON online_t (v)');
    expect(await state('online_t_v_idx')).toEqual([{ valid: true, def: 'CREATE INDEX online_t_v_idx ON public.online_t USING btree (v)' }]);
    // Again: a valid index is kept as it is.
    await createIndexConcurrently(t.q, 'online_t_v_idx', 'ON online_t (v)');
    expect(await state('online_t_v_idx')).toHaveLength(1);
  });

  it('rebuilds an index under its name, and finishes a rebuild interrupted after the new one was built', async () => {
    await rebuildIndexConcurrently(t.q, 'online_t_v_idx', 'ON online_t (v) INCLUDE (id)');
    expect((await state('online_t_v_idx'))[0]?.def).toBe('CREATE INDEX online_t_v_idx ON public.online_t USING btree (v) INCLUDE (id)');
    // Interrupted after building and dropping: only the new one, under its temporary name.
    await t.q.query(`CREATE INDEX CONCURRENTLY online_t_v_idx_rebuilt ON online_t (v DESC)`);
    await t.q.query(`DROP INDEX CONCURRENTLY online_t_v_idx`);
    await rebuildIndexConcurrently(t.q, 'online_t_v_idx', 'ON online_t (v DESC)');
    expect((await state('online_t_v_idx'))[0]?.def).toBe('CREATE INDEX online_t_v_idx ON public.online_t USING btree (v DESC)');
    expect(await state('online_t_v_idx_rebuilt')).toEqual([]);
  });

  it('leaves the conversations list index as 1765400000000 rebuilt it, valid (1765700000000, built concurrently)', async () => {
    expect(await state('conversations_status_list_idx')).toEqual([
      {
        valid: true,
        def: 'CREATE INDEX conversations_status_list_idx ON public.conversations USING btree (workspace_id, status, created_at DESC, id DESC) INCLUDE (owner_id, visibility, folder_id)',
      },
    ]);
  });
});
