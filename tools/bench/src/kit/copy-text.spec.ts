import { copyLine, escapeCopyText, pgTextArray } from './copy-text';
import { seqScannedTables } from './explain';

describe('COPY text format', () => {
  it('escapes backslash, newline, carriage return and tab, and writes NULL as \\N', () => {
    expect(escapeCopyText('a\\b\nc\rd\te')).toBe('a\\\\b\\nc\\rd\\te');
    expect(copyLine(['x', null, 3, true, false])).toBe('x\t\\N\t3\tt\tf\n');
  });

  it('writes text arrays with every element quoted, escaped for COPY as well', () => {
    expect(pgTextArray([])).toBe('{}');
    expect(pgTextArray(['Ada Lovelace', 'say "hi"'])).toBe('{"Ada Lovelace","say \\"hi\\""}');
    expect(copyLine([['a"b']])).toBe('{"a\\\\"b"}\n');
  });

  it('refuses numbers PostgreSQL cannot read', () => {
    expect(() => copyLine([Number.NaN])).toThrow(RangeError);
  });
});

describe('plan inspection', () => {
  it('finds the tables read by sequential scans, parallel ones included', () => {
    const plan = 'Limit\n  ->  Parallel Seq Scan on conversations c\n  ->  Seq Scan on tags t\n  ->  Index Scan using sources_conversation_idx on sources s';
    expect(seqScannedTables(plan)).toEqual(['conversations', 'tags']);
  });
});
