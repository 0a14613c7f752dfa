import { inflate } from 'node:zlib';
import { clientErrorStatusOf } from './client-error-status';

/** What http-errors' createError(status, error, props) makes of an error, as body-parser calls it. */
const httpError = (status: number, error: Error, props: Record<string, unknown> = {}) =>
  Object.assign(error, { status, statusCode: status, expose: status < 500 }, props);

describe('clientErrorStatusOf: the 4xx of a body reader error', () => {
  it('is the status of a body-parser error, with its type or only exposed (the zlib failure it passes on)', async () => {
    expect(clientErrorStatusOf(httpError(400, new SyntaxError('bad json'), { type: 'entity.parse.failed' }))).toBe(400);
    expect(clientErrorStatusOf(httpError(415, new Error('unsupported content encoding'), { type: 'encoding.unsupported' }))).toBe(415);
    const zlibFailure = await new Promise<Error>((resolve) => inflate(Buffer.from('{"name":"plain"}'), (error) => resolve(error as Error)));
    expect(clientErrorStatusOf(httpError(400, zlibFailure))).toBe(400);
  });

  it('is undefined for anything else: server errors, errors without a status, unexposed statuses, non-errors', () => {
    expect(clientErrorStatusOf(httpError(500, new Error('boom'), { type: 'stream.not.readable' }))).toBeUndefined();
    expect(clientErrorStatusOf(new Error('plain'))).toBeUndefined();
    expect(clientErrorStatusOf(Object.assign(new Error('driver'), { status: 400 }))).toBeUndefined();
    expect(clientErrorStatusOf('400')).toBeUndefined();
    expect(clientErrorStatusOf(null)).toBeUndefined();
  });
});
