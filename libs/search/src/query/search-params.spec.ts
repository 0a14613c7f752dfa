import { hasWordToFind } from '@cs/catalog';
import { invalidParamsOf } from '@cs/testing';
import { SEARCH_PARAMS } from './search-params';


describe('a query has a word to find (websearch syntax)', () => {
  it.each(['pricing', '"launch date"', 'a -b', 'x OR y', '-"not this" but this', '"unclosed phrase', 'Café', '数据', '42'])('%j: yes', (q) => {
    expect(hasWordToFind(q)).toBe(true);
  });

  it.each(['', '   ', 'OR', 'or', '-x', '-x -"y z"', '""', '" "', '()&|!:*<>', '- - -', '\u200b'])('%j: no', (q) => {
    expect(hasWordToFind(q)).toBe(false);
  });
});

describe('GET /search parameters', () => {
  it('defaults: 10 hits, status ready, recursive', () => {
    expect(SEARCH_PARAMS.fromQueryString({ q: 'x' }).values).toEqual({ q: 'x', status: 'ready', recursive: true, limit: 10 });
  });

  it('takes source_type repeated, de-duplicated and sorted, and refuses an unknown type', () => {
    expect(SEARCH_PARAMS.fromQueryString({ q: 'x', source_type: ['text', 'document', 'text'] }).values.source_type).toEqual(['document', 'text']);
    expect(invalidParamsOf(() => SEARCH_PARAMS.fromQueryString({ q: 'x', source_type: 'video' }))).toEqual([
      { name: 'source_type', reason: 'values must be one of transcript, document, text, file' },
    ]);
  });

  it('names q in every refusal of it', () => {
    for (const q of ['', ' ', '-x', 'x'.repeat(501), 'a\u0000b']) {
      expect(invalidParamsOf(() => SEARCH_PARAMS.fromQueryString({ q })).map((p) => p.name)).toEqual(['q']);
    }
    expect(invalidParamsOf(() => SEARCH_PARAMS.fromQueryString({}))).toEqual([{ name: 'q', reason: expect.any(String) }]);
  });

  it('accepts exactly 500 characters and limit 1 to 100', () => {
    expect(SEARCH_PARAMS.fromQueryString({ q: 'x'.repeat(500), limit: '100' }).values.limit).toBe(100);
    expect(invalidParamsOf(() => SEARCH_PARAMS.fromQueryString({ q: 'x', limit: '101' })).map((p) => p.name)).toEqual(['limit']);
  });
});
