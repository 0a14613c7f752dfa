import { DomainError } from '@cs/domain';
import { readConversationFilters } from '../conversations/conversation-filters';
import { QueryReader } from './query-reader';

function problemsOf(fn: () => void): { name: string; reason: string }[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid_parameter') return error.extras.invalidParams ?? [];
    throw error;
  }
  throw new Error('expected invalid_parameter');
}

describe('query parameters (spec "Pagination" and "GET /api/v1/conversations")', () => {
  it('defaults limit to 25, status to ready and recursive to true', () => {
    const { reader, filters } = readConversationFilters({});
    expect(reader.limit()).toBe(25);
    expect(filters).toEqual({ status: 'ready', createdAfter: null, folderId: null, recursive: true, tagIds: [] });
  });

  it.each(['0', '101', 'abc', '1.5', '-1', ' 5'])('refuses limit=%s (1 to 100) rather than fixing it', (limit) => {
    const reader = new QueryReader({ limit }, ['limit']);
    reader.limit();
    expect(problemsOf(() => reader.done())).toEqual([{ name: 'limit', reason: 'must be an integer from 1 to 100' }]);
  });

  it('accepts limit 1 and 100', () => {
    expect(new QueryReader({ limit: '1' }, ['limit']).limit()).toBe(1);
    expect(new QueryReader({ limit: '100' }, ['limit']).limit()).toBe(100);
  });

  it('refuses an unknown parameter, naming it', () => {
    const { reader } = readConversationFilters({ colour: 'red' });
    expect(problemsOf(() => reader.done())).toContainEqual({ name: 'colour', reason: 'unknown parameter' });
  });

  it('refuses status=done and accepts all', () => {
    expect(readConversationFilters({ status: 'all' }).filters.status).toBe('all');
    const { reader } = readConversationFilters({ status: 'done' });
    expect(problemsOf(() => reader.done())[0]?.name).toBe('status');
  });

  it.each(['yesterday', '2026-01-01', '2026-01-01T10:00:00', '2026-13-01T00:00:00Z', '2026-01-01T25:00:00Z'])(
    'refuses created_after=%s (an RFC 3339 date-time with a time zone is required)',
    (value) => {
      const { reader } = readConversationFilters({ created_after: value });
      expect(problemsOf(() => reader.done())[0]?.name).toBe('created_after');
    },
  );

  it('accepts created_after with Z or an offset, keeping sub-millisecond precision as given', () => {
    expect(readConversationFilters({ created_after: '2026-01-01T10:00:00.123456+02:00' }).filters.createdAfter).toBe('2026-01-01T10:00:00.123456+02:00');
  });

  it('refuses recursive=maybe; accepts true and false only', () => {
    expect(readConversationFilters({ recursive: 'false' }).filters.recursive).toBe(false);
    const { reader } = readConversationFilters({ recursive: 'maybe' });
    expect(problemsOf(() => reader.done())[0]).toEqual({ name: 'recursive', reason: 'must be true or false' });
  });

  it('collects repeated tag_id values (any of), de-duplicated', () => {
    expect(readConversationFilters({ tag_id: ['tag_b', 'tag_a', 'tag_b'] }).filters.tagIds).toEqual(['tag_a', 'tag_b']);
  });

  it('refuses a scalar parameter given twice and an empty value', () => {
    const { reader } = readConversationFilters({ status: ['ready', 'error'], folder_id: '' });
    expect(problemsOf(() => reader.done())).toEqual([
      { name: 'status', reason: 'must be given at most once' },
      { name: 'folder_id', reason: 'must not be empty' },
    ]);
  });

  it('reports every bad parameter in one answer', () => {
    const { reader } = readConversationFilters({ limit: '0', status: 'done', recursive: 'maybe', x: '1' });
    reader.limit();
    expect(problemsOf(() => reader.done()).map((p) => p.name).sort()).toEqual(['limit', 'recursive', 'status', 'x']);
  });
});
