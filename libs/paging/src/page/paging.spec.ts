import { API_KEY_SCOPES, DomainError, type Principal } from '@cs/domain';
import { SqlParams } from '@cs/persistence';
import { z } from 'zod/v4';
import { CursorCodec } from '../cursors/cursor.codec';
import { PAGE } from '../params/fields';
import { QueryParams } from '../params/query-params';
import { Keyset, newestFirst } from './keyset';
import { toEnvelope } from './page';
import { pageRequest } from './page-request';

const ada: Principal = { via: 'api_key', userId: 'usr_ada', workspaceId: 'ws_1', tenantId: 't', role: 'admin', scopes: API_KEY_SCOPES, credentialId: 'key_1' };
const cursors = new CursorCodec('s'.repeat(40));
const LIST = new QueryParams(z.strictObject({ status: z.enum(['all', 'failed']).default('all'), ...PAGE }));
const NAMES = { status: 'status' } as const;

const row = (n: number) => ({ id: `conv_${n}`, created_at: new Date(Date.UTC(2026, 10, 30 - n)) });

describe('keyset SQL: the condition after a cursor and the order it continues', () => {
  it('newest first: rows strictly older than the cursor, created_at cast from the cursor text, one row more than the page', () => {
    const p = new SqlParams();
    p.add('ws_1');
    expect(newestFirst('c').after(p, ['2026-11-01T00:00:00.000Z', 'conv_x'])).toBe('(c.created_at, c.id) < ($2::timestamptz, $3)');
    expect(newestFirst('c').orderAndLimit(p, 25)).toBe('ORDER BY c.created_at DESC, c.id DESC LIMIT $4');
    expect(p.values).toEqual(['ws_1', '2026-11-01T00:00:00.000Z', 'conv_x', 26]);
  });

  it('ascending: rows strictly after the cursor, the sort value compared as given', () => {
    const byName = new Keyset<{ sort_name: string; id: string }>('lower(t.name)', 't.id', 'ASC', null, (r) => [r.sort_name, r.id]);
    const p = new SqlParams();
    expect(byName.after(p, ['alpha', 'tag_a'])).toBe('(lower(t.name), t.id) > ($1, $2)');
    expect(byName.orderAndLimit(p, 1)).toBe('ORDER BY lower(t.name) ASC, t.id ASC LIMIT $3');
    expect(p.values).toEqual(['alpha', 'tag_a', 2]);
  });
});

describe('a page out of the limit + 1 rows fetched', () => {
  it('keeps limit rows and the last one\'s key when the extra row came back', () => {
    const page = newestFirst('c').page([row(1), row(2), row(3)], 2, (r) => r.id);
    expect(page).toEqual({ items: ['conv_1', 'conv_2'], nextKey: [row(2).created_at.toISOString(), 'conv_2'] });
  });

  it('has no next key when no extra row came back, full or empty', () => {
    expect(newestFirst('c').page([row(1), row(2)], 2, (r) => r.id)).toEqual({ items: ['conv_1', 'conv_2'], nextKey: null });
    const none: ReturnType<typeof row>[] = [];
    expect(newestFirst('c').page(none, 2, (r) => r.id)).toEqual({ items: [], nextKey: null });
  });
});

describe('the list answer: { data, next_cursor, has_more }', () => {
  it('carries a cursor bound to the caller, the endpoint and the filters when more follow', () => {
    const envelope = toEnvelope(cursors, ada, 'webhooks/wh_1/deliveries', { status: 'failed' }, { items: ['a'], nextKey: ['2026-11-01T00:00:00.000Z', 'dlv_x'] });
    expect(envelope.data).toEqual(['a']);
    expect(envelope.has_more).toBe(true);
    expect(cursors.decode(ada, 'webhooks/wh_1/deliveries', envelope.next_cursor!)).toEqual({ filters: { status: 'failed' }, key: ['2026-11-01T00:00:00.000Z', 'dlv_x'] });
  });

  it('has a null cursor on the last page', () => {
    expect(toEnvelope(cursors, ada, 'webhooks', {}, { items: [], nextKey: null })).toEqual({ data: [], next_cursor: null, has_more: false });
  });
});

describe('the page a request asks for (docs/api.md "Pagination": cursors are bound to their filters)', () => {
  const next = cursors.encode(ada, 'deliveries', { status: 'failed' }, ['2026-11-01T00:00:00.000Z', 'dlv_x']);

  it('is the first page, with the requested filters, without a cursor', () => {
    const params = LIST.fromQueryString({ status: 'failed', limit: '5' });
    expect(pageRequest(cursors, ada, 'deliveries', params, { status: params.values.status }, NAMES)).toEqual({ filters: { status: 'failed' }, limit: 5 });
  });

  it('continues with the cursor\'s filters, whatever the defaults say', () => {
    const params = LIST.fromQueryString({ cursor: next });
    expect(pageRequest(cursors, ada, 'deliveries', params, { status: params.values.status }, NAMES)).toEqual({
      filters: { status: 'failed' },
      limit: 25,
      after: ['2026-11-01T00:00:00.000Z', 'dlv_x'],
    });
  });

  it('accepts a filter repeated unchanged and refuses one changed, naming it', () => {
    const same = LIST.fromQueryString({ cursor: next, status: 'failed' });
    expect(pageRequest(cursors, ada, 'deliveries', same, { status: same.values.status }, NAMES).filters).toEqual({ status: 'failed' });
    const changed = LIST.fromQueryString({ cursor: next, status: 'all' });
    const continuing = () => pageRequest(cursors, ada, 'deliveries', changed, { status: changed.values.status }, NAMES);
    expect(continuing).toThrow(DomainError);
    expect(continuing).toThrow(expect.objectContaining({ code: 'invalid_cursor', message: expect.stringContaining('issued for a different status') }));
  });
});
