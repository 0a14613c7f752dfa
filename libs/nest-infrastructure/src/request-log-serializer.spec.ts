import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import pinoHttp from 'pino-http';
import { REDACTED, serializeRequestForLog } from './request-log-serializer';

/** One request through a real pino-http logger with our serializer; returns the log line it wrote. */
interface LogLine {
  req: { method: string; url: string; headers: Record<string, string>; query?: Record<string, unknown> };
}

function logOneRequest(headers: Record<string, string>, url = '/api/v1/conversations', query?: Record<string, unknown>): { line: LogLine; req: IncomingMessage } {
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
  req.url = url;
  // Express' parsed query, which pino's request serializer copies into the line.
  if (query) Object.assign(req, { query });
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

  // Issue 19, finding 6: `?access_token=…` reached the api's request log verbatim, although the request was refused.
  it('redacts tokens, codes and secrets in the query string and in the parsed query, and keeps every other parameter', () => {
    const url =
      '/api/v1/conversations?limit=5&access_token=at_secret&Token=t_secret&code=c_secret&client_secret=cs_secret&refresh_token=rt_secret&id_token_hint=idt_secret&api_key=sk_secret&acc%65ss_token=enc_secret&status=all';
    const query = { limit: '5', access_token: 'at_secret', Token: 't_secret', code: ['c_secret', 'c2_secret'], status: 'all' };
    const { line, req } = logOneRequest({}, url, query);
    expect(JSON.stringify(line)).not.toMatch(/[="][a-z0-9]+_secret/);
    expect(line.req.url).toBe(
      '/api/v1/conversations?limit=5&access_token=[Redacted]&Token=[Redacted]&code=[Redacted]&client_secret=[Redacted]&refresh_token=[Redacted]&id_token_hint=[Redacted]&api_key=[Redacted]&acc%65ss_token=[Redacted]&status=all',
    );
    expect(line.req.query).toEqual({ limit: '5', access_token: REDACTED, Token: REDACTED, code: REDACTED, status: 'all' });
    // The request the app reads is not changed.
    expect(req.url).toBe(url);
    expect((req as IncomingMessage & { query: unknown }).query).toEqual(query);
  });

  it('leaves a URL without credentials in its query as it is', () => {
    expect(logOneRequest({}, '/api/v1/conversations?limit=5&cursor=abc&state=xyz').line.req.url).toBe('/api/v1/conversations?limit=5&cursor=abc&state=xyz');
  });
});
