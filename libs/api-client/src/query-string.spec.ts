import { encodeQuery, fillPathTemplate } from './query-string';

describe('encodeQuery', () => {
  it('sends nothing for an empty or all-undefined query', () => {
    expect(encodeQuery()).toBe('');
    expect(encodeQuery({ limit: undefined, cursor: undefined })).toBe('');
  });

  it('repeats the parameter for each value of an array (tag_id=a&tag_id=b)', () => {
    expect(encodeQuery({ tag_id: ['tag_a', 'tag_b'] })).toBe('?tag_id=tag_a&tag_id=tag_b');
  });

  it('sends an empty array as nothing at all', () => {
    expect(encodeQuery({ tag_id: [] })).toBe('');
  });

  it('writes numbers and booleans as their literal text', () => {
    expect(encodeQuery({ limit: 10, recursive: false })).toBe('?limit=10&recursive=false');
  });

  it('percent-encodes a timezone offset so "+" is not read as a space', () => {
    expect(encodeQuery({ created_after: '2026-01-31T09:00:00+01:00' })).toBe('?created_after=2026-01-31T09%3A00%3A00%2B01%3A00');
  });

  it('keeps the given order and leaves undefined values out', () => {
    expect(encodeQuery({ status: 'all', folder_id: undefined, cursor: 'a.b_c-d' })).toBe('?status=all&cursor=a.b_c-d');
  });

  it('sends an empty string as an empty value, so raw calls can probe the server', () => {
    expect(encodeQuery({ limit: '' })).toBe('?limit=');
  });
});

describe('fillPathTemplate', () => {
  it('fills each {name} with its percent-encoded value', () => {
    expect(fillPathTemplate('/api/v1/conversations/{id}', { id: 'conv_1' })).toBe('/api/v1/conversations/conv_1');
    expect(fillPathTemplate('/api/v1/conversations/{id}', { id: '../me?x=1' })).toBe('/api/v1/conversations/..%2Fme%3Fx%3D1');
  });

  it('refuses a template with a missing path parameter', () => {
    expect(() => fillPathTemplate('/api/v1/conversations/{id}')).toThrow('Missing path parameter id');
  });
});
