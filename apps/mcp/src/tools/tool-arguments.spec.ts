import { DomainError } from '@cs/domain';
import { toRawQuery } from './tool-arguments';

const TYPES = { limit: 'integer', cursor: 'string', recursive: 'boolean' } as const;

function problems(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, params: error.extras.invalidParams };
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('tool arguments become the query the REST API would receive', () => {
  it('turns typed values into query strings for the Catalog to validate', () => {
    expect(toRawQuery({ limit: 5, cursor: 'abc', recursive: false }, TYPES)).toEqual({ limit: '5', cursor: 'abc', recursive: 'false' });
  });

  it('treats null and absent arguments as not given', () => {
    expect(toRawQuery({ limit: null, cursor: undefined }, TYPES)).toEqual({});
    expect(toRawQuery(undefined, TYPES)).toEqual({});
  });

  it('passes unknown names through so the Catalog reports them as REST does', () => {
    expect(toRawQuery({ colour: 'red', depth: { a: 1 } }, TYPES)).toEqual({ colour: 'red', depth: '{"a":1}' });
  });

  it('refuses wrong JSON types with invalid_parameter, naming every one', () => {
    expect(problems(() => toRawQuery({ limit: '5', recursive: 'yes', cursor: 7 }, TYPES))).toEqual({
      code: 'invalid_parameter',
      params: [
        { name: 'limit', reason: 'must be an integer' },
        { name: 'recursive', reason: 'must be true or false' },
        { name: 'cursor', reason: 'must be a string' },
      ],
    });
  });

  it('refuses a fractional limit (the range itself is the Catalog\'s to check)', () => {
    expect(problems(() => toRawQuery({ limit: 2.5 }, TYPES)).params).toEqual([{ name: 'limit', reason: 'must be an integer' }]);
    expect(toRawQuery({ limit: 1000 }, TYPES)).toEqual({ limit: '1000' });
  });
});
