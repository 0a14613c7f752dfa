import { UsageError } from '../kit/bench-args';
import { parseSearchRelevanceArgs } from './search-relevance';

describe('parseSearchRelevanceArgs', () => {
  it('asks every train question of the default database unless told otherwise', () => {
    expect(parseSearchRelevanceArgs([])).toEqual({ split: 'train', regenerate: false, queries: null, database: null });
  });

  it('takes the split, a question count, a database and --regenerate, in either flag form', () => {
    expect(parseSearchRelevanceArgs(['--split=val', '--queries', '20', '--database', 'cs_bench_relevance_mine', '--regenerate'])).toEqual({
      split: 'val',
      regenerate: true,
      queries: 20,
      database: 'cs_bench_relevance_mine',
    });
  });

  it('refuses another split and a database name that would need quoting', () => {
    expect(() => parseSearchRelevanceArgs(['--split', 'test'])).toThrow(UsageError);
    expect(() => parseSearchRelevanceArgs(['--database', 'Bench"; DROP'])).toThrow(UsageError);
  });
});
