import type { IncomingMessage } from 'node:http';
import { acceptsGzip } from './ndjson-stream';

const request = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }) as IncomingMessage;

describe('acceptsGzip (RFC 9110 Accept-Encoding)', () => {
  it('takes gzip named or by *, with any q-value above zero', () => {
    for (const header of ['gzip', 'deflate, gzip', 'GZIP;q=0.5', 'br, *', 'gzip; q=1.0']) expect([header, acceptsGzip(request(header))]).toEqual([header, true]);
  });

  it('refuses it when absent, or refused with q=0', () => {
    for (const header of [undefined, '', 'identity', 'deflate, br', 'gzip;q=0', 'x-gzip']) expect([header, acceptsGzip(request(header))]).toEqual([header, false]);
  });
});
