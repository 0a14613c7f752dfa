import { DomainError } from '@cs/domain';
import { z } from 'zod/v4';
import { nameField, noControlCharacters } from './fields';
import { parseBody } from './parse-body';

const Note = z.strictObject({
  title: nameField(20).optional(),
  content: z.string(),
  tags: z.array(z.string()).optional(),
  labels: z.record(z.string(), z.string()).optional(),
});

const refused = (body: unknown) => {
  try {
    parseBody(Note, body);
  } catch (error) {
    if (error instanceof DomainError) return error.extras.invalidParams;
    throw error;
  }
  throw new Error('expected the body to be refused');
};

describe('parseBody', () => {
  it('refuses a NUL in any string or key of the body, naming each by its path', () => {
    expect(refused({ content: 'a\u0000b', tags: ['ok', '\u0000'], labels: { 'x\u0000': 'y', z: '\u0000' } })).toEqual([
      { name: 'content', reason: 'must not contain the NUL character (U+0000)' },
      { name: 'tags[1]', reason: 'must not contain the NUL character (U+0000)' },
      { name: 'labels.x\u0000', reason: 'must not contain the NUL character (U+0000)' },
      { name: 'labels.z', reason: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it("keeps the schema's own reason for a field it already refused, and reports both kinds in one answer", () => {
    expect(noControlCharacters('\u0000')).toBe(false);
    expect(refused({ title: 'a\u0000', content: 'b\u0000', extra: 1 })).toEqual([
      { name: 'title', reason: 'must not contain control characters' },
      { name: 'extra', reason: 'unknown field' },
      { name: 'content', reason: 'must not contain the NUL character (U+0000)' },
    ]);
  });

  it('returns the parsed body when nothing is wrong', () => {
    expect(parseBody(Note, { title: ' Notes ', content: 'tab\tand\nnewline' })).toEqual({ title: 'Notes', content: 'tab\tand\nnewline' });
  });
});
