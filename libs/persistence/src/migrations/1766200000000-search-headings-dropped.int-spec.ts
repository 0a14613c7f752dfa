import { useQueryRunner } from '@cs/testing';
import { SearchHeadingsDropped1766200000000 } from './1766200000000-search-headings-dropped';

describe('migration 1766200000000: the search headings dropped, online', () => {
  const t = useQueryRunner();

  const present = async () =>
    (
      (await t.q.query(
        `SELECT c.relname AS name FROM pg_class c WHERE c.relname IN ('search_conversation_headings', 'search_passages_heading_tsv_idx', 'search_passages_heading_conversation_idx')
         UNION ALL SELECT t.tgname FROM pg_trigger t WHERE t.tgname LIKE 'search_conversation_headings_%'
         ORDER BY 1`,
      )) as Array<{ name: string }>
    ).map((row) => row.name);

  it('leaves neither the table, its triggers nor the two indexes; down brings them back, kept up again; up drops them again', async () => {
    expect(await present()).toEqual([]);
    const migration = new SearchHeadingsDropped1766200000000();
    await migration.down(t.q);
    expect(await present()).toEqual([
      'search_conversation_headings',
      'search_conversation_headings_on_delete',
      'search_conversation_headings_on_insert',
      'search_passages_heading_conversation_idx',
      'search_passages_heading_tsv_idx',
    ]);
    await migration.up(t.q);
    expect(await present()).toEqual([]);
    // Running it again finds nothing to do (a retried deployment).
    await migration.up(t.q);
    expect(await present()).toEqual([]);
  });
});
