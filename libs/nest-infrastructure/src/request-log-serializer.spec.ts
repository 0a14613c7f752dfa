import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import pinoHttp from 'pino-http';
import { REDACTED, serializeRequestForLog } from './request-log-serializer';

/** One request through a real pino-http logger with our serializer; returns the log line it wrote. */
interface LogLine {
  req: { method: string; url: string; headers: Record<string, string> };
}

function logOneRequest(headers: Record<string, string>): { line: LogLine; req: IncomingMessage } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pinoHttp({ serializers: { req: serializeRequestForLog } }, stream);
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = '/api/v1/conversations';
  Object.assign(req.headers, headers);
  const res = new ServerResponse(req);
  logger(req, res);
  req.log.info('inside the request');
  return { line: JSON.parse(lines[0] ?? '{}') as LogLine, req };
}

describe('request log serializer (credentials never reach a log line)', () => {
  it('writes Authorization and Cookie as [Redacted] and every other header as sent', () => {
    const { line } = logOneRequest({ authorization: 'Bearer sk_secret', cookie: 'session=abc', accept: 'application/json' });
    expect(line.req.headers).toEqual({ authorization: REDACTED, cookie: REDACTED, accept: 'application/json' });
    expect(JSON.stringify(line)).not.toContain('sk_secret');
    expect(line.req.method).toBe('GET');
    expect(line.req.url).toBe('/api/v1/conversations');
  });

  it('leaves the request itself untouched (the app still reads its Authorization header)', () => {
    const { req } = logOneRequest({ authorization: 'Bearer sk_secret' });
    expect(req.headers.authorization).toBe('Bearer sk_secret');
  });

  it('adds no header a request did not send', () => {
    const { line } = logOneRequest({ accept: '*/*' });
    expect(line.req.headers).toEqual({ accept: '*/*' });
  });
});
