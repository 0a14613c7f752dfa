import { API_KEY_SCOPES, DomainError, type Principal } from '@cs/domain';
import { CursorCodec } from './cursor.codec';

const ada: Principal = { via: 'api_key', userId: 'usr_ada', workspaceId: 'ws_1', tenantId: 't', role: 'admin', scopes: API_KEY_SCOPES, credentialId: 'key_1' };
const grace: Principal = { ...ada, userId: 'usr_grace' };

function rejection(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the cursor to be rejected');
}

describe('cursor codec (spec "Pagination": opaque cursors; docs/api.md "Pagination": signed, bound, expiring)', () => {
  let now = new Date('2026-11-22T10:00:00Z');
  const codec = new CursorCodec('s'.repeat(40), () => now);
  const filters = { status: 'ready', tagIds: ['tag_a'] };

  beforeEach(() => {
    now = new Date('2026-11-22T10:00:00Z');
  });

  it('round-trips the filters and keyset position for the caller it was issued to', () => {
    const cursor = codec.encode(ada, 'conversations', filters, ['2026-11-01T00:00:00.000Z', 'conv_x']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(codec.decode(ada, 'conversations', cursor)).toEqual({ filters, key: ['2026-11-01T00:00:00.000Z', 'conv_x'] });
  });

  it('rejects a tampered cursor as invalid_cursor', () => {
    const cursor = codec.encode(ada, 'conversations', filters, ['2026-11-01T00:00:00.000Z', 'conv_x']);
    const [body, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), k: ['2030-01-01T00:00:00.000Z', 'conv_y'] })).toString('base64url');
    expect(rejection(() => codec.decode(ada, 'conversations', `${forged}.${mac}`)).code).toBe('invalid_cursor');
  });

  it('rejects a truncated or garbage cursor as invalid_cursor', () => {
    const cursor = codec.encode(ada, 'conversations', filters, ['2026-11-01T00:00:00.000Z', 'conv_x']);
    expect(rejection(() => codec.decode(ada, 'conversations', cursor.slice(0, -3))).code).toBe('invalid_cursor');
    expect(rejection(() => codec.decode(ada, 'conversations', 'not-a-cursor')).code).toBe('invalid_cursor');
  });

  it('rejects a cursor issued to another caller', () => {
    const cursor = codec.encode(ada, 'conversations', filters, ['2026-11-01T00:00:00.000Z', 'conv_x']);
    expect(rejection(() => codec.decode(grace, 'conversations', cursor)).code).toBe('invalid_cursor');
  });

  it('rejects a cursor issued by another endpoint', () => {
    const cursor = codec.encode(ada, 'folders', {}, ['2026-11-01T00:00:00.000Z', 'fld_x']);
    const error = rejection(() => codec.decode(ada, 'conversations', cursor));
    expect(error.code).toBe('invalid_cursor');
    expect(error.message).toContain('another endpoint');
  });

  it('rejects a cursor once it has expired (24 hours)', () => {
    const cursor = codec.encode(ada, 'conversations', filters, ['2026-11-01T00:00:00.000Z', 'conv_x']);
    now = new Date(now.getTime() + 24 * 3600 * 1000 - 1000);
    expect(codec.decode(ada, 'conversations', cursor).key).toHaveLength(2);
    now = new Date(now.getTime() + 1000);
    expect(rejection(() => codec.decode(ada, 'conversations', cursor)).message).toContain('expired');
  });

  it('rejects a cursor signed with another secret (another deployment)', () => {
    const other = new CursorCodec('t'.repeat(40), () => now);
    const cursor = other.encode(ada, 'conversations', filters, ['2026-11-01T00:00:00.000Z', 'conv_x']);
    expect(rejection(() => codec.decode(ada, 'conversations', cursor)).code).toBe('invalid_cursor');
  });
});
