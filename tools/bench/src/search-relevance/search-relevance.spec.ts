import { UsageError } from '../kit/bench-args';
import { SEARCH_RELEVANCE_COMMAND } from './search-relevance';

describe('the search-relevance command', () => {
  it('asks every train question of the default database unless told otherwise', () => {
    expect(SEARCH_RELEVANCE_COMMAND.parse([])).toEqual({ quick: false, split: 'train', regenerate: false, queries: null, database: null });
  });

  it('takes the split, a question count, a database and --regenerate, in either flag form', () => {
    expect(SEARCH_RELEVANCE_COMMAND.parse(['--split=val', '--queries', '20', '--database', 'cs_bench_relevance_mine', '--regenerate'])).toEqual({
      quick: false,
      split: 'val',
      regenerate: true,
      queries: 20,
      database: 'cs_bench_relevance_mine',
    });
  });

  it('refuses another split and a database name that would need quoting', () => {
    expect(() => SEARCH_RELEVANCE_COMMAND.parse(['--split', 'test'])).toThrow(UsageError);
    expect(() => SEARCH_RELEVANCE_COMMAND.parse(['--database', 'Bench"; DROP'])).toThrow(UsageError);
  });
});
